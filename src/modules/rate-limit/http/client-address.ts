// Moved to src/common/http/client-address.ts: the portal's sign-in and sign-up limits use it too.
export { clientAddress } from '../../../common/http/client-address';
