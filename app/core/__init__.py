"""Pure data shared by every layer: errors, dice, events, actions."""
