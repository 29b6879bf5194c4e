// The service's refusals. The api/ routes answer an error as JSON,
// {"error": {"parameter": "redirect-uri", "reason": "...", "message": "..."}}: the page
// marks the field named by `parameter` with `reason`, and shows `message` where no field
// fits. Other answers (a 503 from an overloaded service, a proxy's page) are text.

/** The refusal in `response` (not ok): `{ parameter, reason, message }`; parameter null when it names none. */
export async function readRefusal(response) {
  const text = (await response.text()).trim();
  if ((response.headers.get('Content-Type') ?? '').startsWith('application/json')) {
    try {
      const { parameter = null, reason, message } = JSON.parse(text).error;
      if (typeof message === 'string') return { parameter, reason: reason ?? message, message };
    } catch {
      // Not the shape documented: said as it came.
    }
  }
  const message = `${response.status}: ${text}`;
  return { parameter: null, reason: message, message };
}
