"""What serving replicas cost: on-demand quotes and the instance sizes sold, per GPU type of one
catalog. Both depend on the catalog alone, so one PriceBook is kept per catalog object
(price_book) and every serving plan on that catalog shares what it has looked up."""

from __future__ import annotations

from sizing.assumptions import DAYS_PER_MONTH
from sizing.cost import Quote, quote, shapes, usable_offerings
from sizing.types import Catalog, Offering


class PriceBook:
    """Quotes for replica sizes and the instance sizes on sale, looked up once per catalog."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.offers = usable_offerings(catalog)
        self._quotes: dict[tuple[str, int], Quote | None] = {}
        self._shapes: dict[str, tuple[int, ...]] = {}

    def of(self, gpu_id: str) -> tuple[Offering, ...]:
        return self.offers.get(gpu_id, ())

    def shapes(self, gpu_id: str) -> tuple[int, ...]:
        """GPU counts one usable instance of this type holds, ascending (cost.shapes)."""
        found = self._shapes.get(gpu_id)
        if found is None:
            found = self._shapes[gpu_id] = shapes(self.of(gpu_id))
        return found

    def quote(self, gpu_id: str, gpus: int) -> Quote | None:
        key = (gpu_id, gpus)
        if key not in self._quotes:
            mine = self.of(gpu_id)
            self._quotes[key] = quote(self.catalog, gpu_id, gpus, DAYS_PER_MONTH, mine) if mine else None
        return self._quotes[key]


# The books of the last few catalogs, by identity (with the catalog itself, so a reused id cannot
# match), as cost.usable_offerings keeps its index: a Catalog is immutable.
_BOOKS: dict[int, PriceBook] = {}
_BOOKS_KEPT = 4


def price_book(catalog: Catalog) -> PriceBook:
    found = _BOOKS.get(id(catalog))
    if found is not None and found.catalog is catalog:
        return found
    book = PriceBook(catalog)
    if len(_BOOKS) >= _BOOKS_KEPT:
        _BOOKS.pop(next(iter(_BOOKS)))
    _BOOKS[id(catalog)] = book
    return book
