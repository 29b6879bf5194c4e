// A single-page app's late mount of the snippet's button (e2e/check_snippets.py, spa.html):
// the button's markup arrives after Apple's script and siwa-init.js have run.
document.getElementById('mount').addEventListener('click', () => {
  const template = document.getElementById('button');
  document.getElementById('app').append(template.content.cloneNode(true));
});
