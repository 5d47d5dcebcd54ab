"""Pure geometry: hex grids (axial/cube) and the inch-measured tabletop."""
