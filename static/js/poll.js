// Regions that refresh themselves: an element with data-poll="ms" gets an htmx "poll" event that
// often while the page is visible (htmx trigger filters would need eval, which the CSP refuses).
for (const el of document.querySelectorAll("[data-poll]")) {
  const every = Number(el.dataset.poll) || 5000;
  setInterval(() => {
    if (document.visibilityState === "visible" && window.htmx) window.htmx.trigger(el, "poll");
  }, every);
}
