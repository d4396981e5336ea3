import { emailDocumentSchema, emptyAudience, newContentId, type Email, type EmailBlock, type EmailDocument } from 'contracts';

/** The editable document of a saved e-mail: its fields without the server's own. */
export function documentOf(email: Email): EmailDocument {
  const keys = Object.keys(emailDocumentSchema.shape) as (keyof EmailDocument)[];
  return Object.fromEntries(keys.map((k) => [k, email[k]])) as EmailDocument;
}

/** A new block of the e-mail's body, as the editor inserts it. */
export function newEmailBlock(kind: EmailBlock['kind']): EmailBlock {
  const id = newContentId('b');
  if (kind === 'text') return { id, kind, text: '', align: 'start' };
  if (kind === 'image') return { id, kind, url: '', alt: '' };
  return { id, kind, label: 'Open', action: 'link', url: '', color: '#0958d9' };
}

/** What the editor starts from: a greeting with the person's first name, in the console's language. */
export function defaultEmail(workspace: string | null, language: 'en' | 'fr' | 'ar'): EmailDocument {
  return {
    subject: '',
    preheader: '',
    senderName: '',
    language,
    content: [{ id: newContentId('b'), kind: 'text', text: '', align: 'start' }],
    status: 'draft',
    target: 'all',
    groups: [],
    audiences: [],
    dynamicAudience: emptyAudience(),
    tag: null,
    workspace,
  };
}
