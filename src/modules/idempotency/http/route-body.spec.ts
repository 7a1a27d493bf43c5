import { Body, Controller, Param, Post } from '@nestjs/common';
import { IsString } from 'class-validator';
import { NoFieldsPipe } from '../../../common/http/no-fields.pipe';
import { createValidationPipe } from '../../../common/http/validation';
import { routeBodyJudge } from './route-body';

class NameDto {
  @IsString()
  name!: string;
}

@Controller()
class Routes {
  @Post()
  named(@Param('id') _id: string, @Body() _body: NameDto) {}

  @Post()
  empty(@Body(NoFieldsPipe) _body: unknown) {}

  @Post()
  field(@Body('name') _name: string) {}

  @Post()
  bodiless(@Param('id') _id: string) {}
}

/**
 * routeBodyJudge reads how Nest records parameter decorators, which is no documented extension
 * point (docs/adr/0015-idempotency-judges-the-body-first.md). If Nest changes it, these fail.
 */
describe('routeBodyJudge (what the route pipes make of a body)', () => {
  const pipes = [createValidationPipe()];
  const judge = (method: keyof Routes) => routeBodyJudge(Routes, method, pipes);

  it("runs the global pipe with the @Body() parameter's class", async () => {
    await expect(judge('named')({ name: 'a' })).resolves.toEqual(Object.assign(new NameDto(), { name: 'a' }));
    await expect(judge('named')({ name: 1 })).rejects.toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
    await expect(judge('named')({ name: 'a', more: 1 })).rejects.toThrow('property more should not exist');
  });

  it("then the parameter's own pipes", async () => {
    await expect(judge('empty')(undefined)).resolves.toEqual({});
    await expect(judge('empty')({ field: 1 })).rejects.toThrow('property field should not exist');
  });

  it('hands a @Body(field) parameter its field', async () => {
    await expect(judge('field')({ name: 'a' })).resolves.toBe('a');
  });

  it('takes any body on a route without @Body()', async () => {
    await expect(judge('bodiless')({ anything: 1 })).resolves.toEqual({ anything: 1 });
  });
});
