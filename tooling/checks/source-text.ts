/**
 * Comments removed, strings kept: one pass, so a `/*` inside a line comment or a string does not
 * start a block comment (quotes cannot span lines, template literals can). A comment leaves its line
 * breaks behind, so an index into the result is on the same line as in the file.
 */
const TOKENS = /'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;

export const withoutComments = (code: string) => code.replace(TOKENS, (token) => (token.startsWith('/') ? token.replace(/[^\n]/g, '') : token));

/** The 1-based line of an index into `text`. */
export const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;
