// The Coordinates toggle of a hex board (like lichess's file and rank letters): each cell's name
// ("A1": a column letter from the left, a row number from the top), the names the game's texts
// use for places. On by default on hex boards; the choice is remembered in this browser. The
// button shows only while the board is a hex board.
const KEY = "warboard:coordinates";

export function coordinatesOn() {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function mountCoordinates(toolbar, svg) {
  if (!toolbar || !svg) return null;
  const button = document.createElement("button");
  button.type = "button";
  button.id = "coords-toggle";
  button.textContent = "Coordinates";
  button.title = "Show the cells' names (A1, B2...) that the texts use";
  const show = (on) => {
    svg.dataset.coords = on ? "on" : "off"; // (not a class: the board's classes are its state)
    button.setAttribute("aria-pressed", String(on));
  };
  button.addEventListener("click", () => {
    const on = button.getAttribute("aria-pressed") !== "true";
    try {
      localStorage.setItem(KEY, on ? "on" : "off");
    } catch {
      /* the choice lasts this page */
    }
    show(on);
  });
  const fit = () => {
    // (the toolbar's buttons set their own display: `hidden` alone would not hide it)
    button.hidden = svg.dataset.kind !== "hex";
    button.style.display = button.hidden ? "none" : "";
  };
  show(coordinatesOn());
  fit();
  new MutationObserver(fit).observe(svg, { attributes: true, attributeFilter: ["data-kind"] });
  const before = toolbar.querySelector("#measure-readout, .readout");
  toolbar.insertBefore(button, before);
  return button;
}
