// Piece silhouettes: SVG paths in a box from -1 to 1, drawn light on the piece's coloured body
// so each kind of piece reads apart at a glance (not by colour or text alone).
export const ICONS = {
  // a walking gear: head, torso, two legs, a gun arm
  gear: "M-.22-.78h.44v.26h-.44z M-.42-.48h.84v.5h-.84z M.42-.4h.46v.16h-.46z M-.38.06h.26l-.06.7h-.22z M.12.06h.26l.02.7h-.22z",
  // a strider: a wide body on long bent legs
  strider: "M-.6-.55h1.2v.4h-1.2z M-.5-.15l-.32.9h.2l.32-.75z M.5-.15l.32.9h-.2l-.32-.75z M-.15-.15h.3v.55h-.3z",
  // a tank or vehicle: hull, turret, barrel, tracks
  tank: "M-.85.1h1.7v.42h-1.7z M-.5-.3h.8v.4h-.8z M.3-.2h.6v.14h-.6z M-.8.52h1.6v.16h-1.6z",
  // a standing soldier
  soldier:
    "M-.18-.86a.2.2 0 1 0 .36 0a.2.2 0 1 0 -.36 0z M-.36-.55h.72v.62h-.72z M-.32.07h.24v.78h-.24z M.08.07h.24v.78h-.24z M.36-.5l.4.5l-.12.1l-.36-.38z",
  // an officer: a soldier with a star
  officer:
    "M0-.9l.1.3h.32l-.26.19.1.31-.26-.19-.26.19.1-.31-.26-.19h.32z M-.34-.28h.68v.5h-.68z M-.3.22h.24v.66h-.24z M.06.22h.24v.66h-.24z",
  // a robot: square head with antenna, boxy body, claws
  robot:
    "M-.05-.95h.1v.2h-.1z M-.32-.75h.64v.42h-.64z M-.5-.28h1v.6h-1z M-.86-.2h.3v.2h-.3z M.56-.2h.3v.2h-.3z M-.4.36h.28v.5h-.28z M.12.36h.28v.5h-.28z",
  // a kaiju: a crouching monster with spikes and a tail
  monster: "M-.7.75l.15-.9l.25-.35l.1.2l.15-.35l.1.25l.2-.3l.05.4l.4.25l-.2.1l.2.35l-.3-.05l.15.4z",
  // a cannon or catapult
  cannon:
    "M-.75.2a.28.28 0 1 0 .56 0a.28.28 0 1 0 -.56 0z M.2.2a.28.28 0 1 0 .56 0a.28.28 0 1 0 -.56 0z M-.6-.15l1.3-.55l.12.24l-1.3.55z",
  // a flag bearer
  flag: "M-.4-.9h.1v1.8h-.1z M-.3-.9l.8.25l-.8.3z M-.05.1h.3v.75h-.3z",
  // a wrench (repair)
  wrench:
    "M.18-.86a.36.36 0 0 0 -.3.5l-.62.62a.14.14 0 0 0 0 .2l.28.28a.14.14 0 0 0 .2 0l.62-.62a.36.36 0 0 0 .5-.3l-.22.06-.16-.16.06-.22z",
  // a drone (recon): a body with four rotors
  drone:
    "M-.2-.2h.4v.4h-.4z M-.75-.75a.22.22 0 1 0 .44 0a.22.22 0 1 0 -.44 0z M.31-.75a.22.22 0 1 0 .44 0a.22.22 0 1 0 -.44 0z M-.75.75a.22.22 0 1 0 .44 0a.22.22 0 1 0 -.44 0z M.31.75a.22.22 0 1 0 .44 0a.22.22 0 1 0 -.44 0z M-.55-.6l.45.45-.1.1-.45-.45z M.55-.6l-.45.45.1.1.45-.45z M-.55.6l.45-.45-.1-.1-.45.45z M.55.6l-.45-.45.1-.1.45.45z",
  // a building
  building: "M-.6-.7h1.2v1.5h-1.2z",
  // a generic token
  token: "M0-.55a.55.55 0 1 0 .001 0z",
};

export function iconPath(kind) {
  return ICONS[kind] || null;
}
