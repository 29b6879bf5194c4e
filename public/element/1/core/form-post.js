// The popup flow's answer, posted to the redirect URI as the form Apple posts in its redirect
// flow (code, id_token, state, and user on the first sign-in), so one server endpoint serves
// both flows. For the snippet scripts (the element hands the answer to the page instead).

/** Posts Apple's popup answer (`{ authorization, user }`) to `redirectURI` by a top-level form. */
export function postAnswer(redirectURI, data) {
  const authorization = data.authorization || {};
  const fields = { code: authorization.code, id_token: authorization.id_token, state: authorization.state };
  if (data.user) fields.user = JSON.stringify(data.user);
  const form = document.createElement('form');
  form.method = 'post';
  form.action = redirectURI;
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
