/**
 * What the page says when its runtime config cannot be read: without it nothing can be reached, and
 * no translation is loaded yet, so it says so plainly (the console's bootstrap and the sign-in page).
 */
export function ConfigError({ error }: { error: unknown }) {
  return (
    <div role="alert" style={{ padding: 32, fontFamily: 'system-ui' }}>
      <h1>Unexpected Application Error!</h1>
      <p>{error instanceof Error ? error.message : String(error)}</p>
    </div>
  );
}
