/// Charts: numbers in, ASCII or SVG text out. Depends on nothing else of usergraph.
public enum Charts {}
