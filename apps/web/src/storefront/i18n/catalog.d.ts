// The catalogues compiled by build/lingui-catalogs.ts.
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
