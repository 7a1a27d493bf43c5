/** A class with nine constructor dependencies, for constructor-dependencies.spec.ts. */
export class Crowded {
  constructor(
    readonly a: number,
    readonly b: number,
    readonly c: number,
    readonly d: number,
    readonly e: number,
    readonly f: number,
    readonly g: number,
    readonly h: number,
    readonly i: number,
  ) {}
}
