// The board's toolbar: select and measure tools, zoom, the shared pointer, and their keys
// (M measure, S select, P pointer; G pings, ping.js).
export function mountTools(board, marks, $) {
  function setTool(tool) {
    board.setTool(tool);
    $("tool-select").setAttribute("aria-pressed", String(tool === "select"));
    $("tool-measure").setAttribute("aria-pressed", String(tool === "measure"));
  }

  $("tool-select").addEventListener("click", () => setTool("select"));
  $("tool-measure").addEventListener("click", () => setTool(board.tool === "measure" ? "select" : "measure"));
  $("zoom-in").addEventListener("click", () => board.panZoom.zoom(1.25));
  $("zoom-out").addEventListener("click", () => board.panZoom.zoom(0.8));
  $("zoom-fit").addEventListener("click", () => board.panZoom.fit());

  // The pointer: while on, others see where you point (and your ruler, always).
  const pointButton = document.createElement("button");
  Object.assign(pointButton, {
    type: "button",
    id: "tool-point",
    textContent: "Point",
    title: "Show the table where you point (P). To ping a spot: Alt+click, a long press, or G",
  });
  pointButton.setAttribute("aria-pressed", "false");
  $("tool-measure").after(pointButton);
  const togglePoint = () => {
    const on = pointButton.getAttribute("aria-pressed") !== "true";
    pointButton.setAttribute("aria-pressed", String(on));
    marks.setPointing(on);
  };
  pointButton.addEventListener("click", togglePoint);

  document.addEventListener("keydown", (e) => {
    if (e.target.closest("input, textarea, select") || e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "m" || e.key === "M") setTool(board.tool === "measure" ? "select" : "measure");
    if (e.key === "s" || e.key === "S") setTool("select");
    if (e.key === "p" || e.key === "P") togglePoint();
  });
}
