"""What serving plans read from one catalog: on-demand quotes, the instance sizes on sale, the
replica shapes worth trying on each GPU type and the precision each GPU type serves. All depend on
the catalog alone, never on a request, so one CatalogBook is kept per catalog object
(catalog_book) and every serving plan on that catalog shares what it has looked up."""

from __future__ import annotations

from sizing.assumptions import DAYS_PER_MONTH
from sizing.cost import Quote, quote, shapes, usable_offerings
from sizing.network import GPUS_PER_NODE
from sizing.serve_precision import serving_precision
from sizing.serve_types import ServePrecision
from sizing.types import Catalog, GpuSpec, Offering

TENSOR_PARALLEL = (1, 2, 4, 8)  # head counts divide by powers of two; vLLM/TRT-LLM want tp | heads
# Models no 8-GPU node holds are split over up to 8 nodes of 8 GPUs (pipeline parallel) [assumption:
# beyond 64 GPUs per replica a serving deployment is a research project, not a rental question].
MAX_PIPELINE_NODES = 8


class CatalogBook:
    """One catalog's serving lookups, each worked out on first use and kept."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.offers = usable_offerings(catalog)
        self._quotes: dict[tuple[str, int], Quote | None] = {}
        self._shapes: dict[str, tuple[tuple[int, int], ...]] = {}
        self._served: dict[tuple[str, ServePrecision], ServePrecision | None] = {}

    def of(self, gpu_id: str) -> tuple[Offering, ...]:
        return self.offers.get(gpu_id, ())

    def quote(self, gpu_id: str, gpus: int) -> Quote | None:
        key = (gpu_id, gpus)
        if key not in self._quotes:
            mine = self.of(gpu_id)
            self._quotes[key] = quote(self.catalog, gpu_id, gpus, DAYS_PER_MONTH, mine) if mine else None
        return self._quotes[key]

    def replica_shapes(self, gpu: GpuSpec) -> tuple[tuple[int, int], ...]:
        """(tp, pp) replica sizes to try on this GPU type, smallest first: one instance's GPUs,
        then (only for 8-GPU NVLink nodes, the HGX/OAM boards multi-node serving is deployed on
        [assumption: pipelines over PCIe cards are too slow to offer]) pipelines of whole nodes."""
        found = self._shapes.get(gpu.id)
        if found is None:
            sold = shapes(self.of(gpu.id))
            largest = sold[-1] if sold else GPUS_PER_NODE
            out = [(tp, 1) for tp in TENSOR_PARALLEL if tp <= largest]
            nvlink_node = gpu.scale_up_gbs is not None and gpu.scale_up_domain >= GPUS_PER_NODE
            if nvlink_node and (GPUS_PER_NODE in sold or not sold):
                out += [(GPUS_PER_NODE, pp) for pp in range(2, MAX_PIPELINE_NODES + 1)]
            found = self._shapes[gpu.id] = tuple(out)
        return found

    def served_precision(self, gpu: GpuSpec, precision: ServePrecision) -> ServePrecision | None:
        """The precision a GPU type is considered in when the user did not pick the GPU: the one
        asked where it has kernels; a BF16 request in FP16 on GPUs without BF16 (the same weights,
        cast); never a different number of bytes (an FP8 or INT4 plan only where that precision
        runs)."""
        key = (gpu.id, precision)
        if key not in self._served:
            support = serving_precision(gpu, precision)
            usable = support is not None and (not support.substituted or support.precision == "fp16")
            self._served[key] = support.precision if support is not None and usable else None
        return self._served[key]


# The books of the last few catalogs, by identity (with the catalog itself, so a reused id cannot
# match), as cost.usable_offerings keeps its index: a Catalog is immutable.
_BOOKS: dict[int, CatalogBook] = {}
_BOOKS_KEPT = 16  # the bot plans on a few: the whole catalog, China's, clouds named


def catalog_book(catalog: Catalog) -> CatalogBook:
    found = _BOOKS.get(id(catalog))
    if found is not None and found.catalog is catalog:
        return found
    book = CatalogBook(catalog)
    if len(_BOOKS) >= _BOOKS_KEPT:
        _BOOKS.pop(next(iter(_BOOKS)))
    _BOOKS[id(catalog)] = book
    return book
