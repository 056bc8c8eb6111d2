import type { ComponentType } from 'react';
import ReceivePage from './receive-page';
import ServerPage from './server-page';

/** The e-mail pages by route key (issue 15; spec section 3). */
export const EMAIL_PAGES: Record<'emailserverset' | 'emailreceiveset', ComponentType> = {
  emailserverset: ServerPage,
  emailreceiveset: ReceivePage,
};
