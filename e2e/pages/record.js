// The element's events, as a page would receive them (e2e/check_element.py reads window.__events).
window.__events = [];
for (const name of ['appleid-success', 'appleid-failure']) {
  document.addEventListener(name, (event) => {
    window.__events.push({ name, id: event.target.id, detail: JSON.parse(JSON.stringify(event.detail)) });
  });
}
