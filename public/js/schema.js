// The service's schema (GET api/schema): parameters, ranges, defaults, locales, web-flow
// fields. Asked for relative to the page, so it is the schema of the service the page
// belongs to wherever that is mounted (`/`, or `/buttons/` in a host app).

/** Resolves to the schema's JSON; rejects with the service's one-line answer. */
export async function loadSchema() {
  const response = await fetch(new URL('api/schema', document.baseURI), { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${response.status}: ${(await response.text()).trim()}`);
  return response.json();
}

/**
 * The checks of the web-flow settings the page can make from the schema alone (required,
 * maxBytes), in the service's words. Everything else (a redirect URI's scheme, port,
 * fragment; a base URL's form) is for the snippet API to decide: its 400 names the field.
 */
export function webFlowCheck(schema) {
  const fields = new Map(schema.webFlow.map((f) => [f.name, f]));
  return (name, value) => {
    const field = fields.get(name);
    if (!field) return null;
    if (field.required && value === '') return 'Must not be empty';
    if (field.maxBytes && new TextEncoder().encode(value).length > field.maxBytes) {
      return `Is longer than ${field.maxBytes} bytes`;
    }
    return null;
  };
}
