"""HTTP: the JSON API (API.md) and the pages."""
