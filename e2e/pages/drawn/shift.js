// Before the element's module (a classic script in <head>): every layout shift from the
// first paint on, and each element's box at the moment the element is defined
// (e2e/check_element_drawn.py reads window.__shift).
window.__shift = { entries: [], boxes: null };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    window.__shift.entries.push({
      value: entry.value, recent: entry.hadRecentInput, at: entry.startTime,
      sources: (entry.sources || []).map((s) => (s.node && (s.node.id || s.node.nodeName)) || '?'),
    });
  }
}).observe({ type: 'layout-shift', buffered: true });
customElements.whenDefined('apple-signin-button').then(() => {
  window.__shift.boxes = [...document.querySelectorAll('apple-signin-button')].map((b) => {
    const r = b.getBoundingClientRect();
    return { id: b.id, w: r.width, h: r.height, drawn: !!(b.shadowRoot && b.shadowRoot.querySelector('svg')) };
  });
  window.__shift.definedAt = performance.now();
});
