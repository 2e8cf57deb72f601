"""The loaded knowledge base: typed records plus the questions the bot asks of them."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from knowledge.base import Bilingual, Source
from knowledge.schema import (
    Architecture,
    ChecklistItem,
    Erratum,
    ExchangeRate,
    ExcludedRow,
    FinetuneMeasurement,
    GpuRecord,
    OfferingRecord,
    ProviderRecord,
    PublishedRun,
    ReferenceServer,
    Scenario,
    SoftwareFeature,
)
from sizing.types import Catalog, Offering

if TYPE_CHECKING:
    from knowledge.factcheck import Correction
    from knowledge.faq import Entry, FaqEntry, Pitfall
    from knowledge.models import ModelIndex
    from knowledge.prices import Market, PriceRow
    from knowledge.schema import ModelCardRecord, ServingRun
    from knowledge.search import Hit, Retrieval, Searcher, SynonymGroup
    from sizing.model_arch import ModelArchitecture


FULL_TRAINING = ("pretrain", "full_finetune")  # methods whose weights, grads and optimizer states shard
# Answers a memo below keeps before it starts afresh (each a few hundred bytes).
MAX_REMEMBERED = 4096
_V = TypeVar("_V")


def _remembered(memo: dict[Hashable, _V], key: Hashable, compute: Callable[[], _V]) -> _V:
    """memo[key], computed on first use; the memo starts afresh once it holds MAX_REMEMBERED answers."""
    known = memo.get(key)
    if known is None:
        if len(memo) >= MAX_REMEMBERED:
            memo.clear()
        known = memo[key] = compute()
    return known


@dataclass(frozen=True)
class SoftwareCatalog:
    architectures: tuple[Architecture, ...]
    features: tuple[SoftwareFeature, ...]


def _norm(name: str) -> str:
    return re.sub(r"[\s_\-]+", " ", name.strip().lower())


@dataclass(frozen=True)
class KnowledgeBase:
    catalog: Catalog
    gpu_records: tuple[GpuRecord, ...]
    offering_records: tuple[OfferingRecord, ...]
    excluded_offerings: tuple[ExcludedRow, ...]
    scenarios: tuple[Scenario, ...]  # ordered by params_min
    software: SoftwareCatalog
    checklist: tuple[ChecklistItem, ...]
    errata: tuple[Erratum, ...]
    exchange_rate: ExchangeRate
    published_runs: tuple[PublishedRun, ...]
    finetune_measurements: tuple[FinetuneMeasurement, ...]
    faq: tuple[FaqEntry, ...]
    pitfalls: tuple[Pitfall, ...]
    gpu_sources: Mapping[str, Source] = field(default_factory=dict)  # keys used by GpuRecord figures
    synonyms: tuple[SynonymGroup, ...] | None = None  # None: the packaged synonyms.yaml
    providers: Mapping[str, ProviderRecord] = field(default_factory=dict)
    operator_offering_ids: frozenset[str] = frozenset()
    servers: tuple[ReferenceServer, ...] = ()  # vendor reference servers: whole-machine power, cooling

    def provider(self, provider_id: str) -> ProviderRecord | None:
        return self.providers.get(provider_id)

    @functools.cached_property
    def china_catalog(self) -> Catalog:
        """The catalogue a mainland-China plan prices from: the public Chinese list prices
        (knowledge/data/offerings_cn.yaml) and the operator's own offerings, in the same
        exchange-rate terms as `catalog`."""
        from knowledge.load import offering

        rows = [
            o
            for o in self.offering_records
            if o.id in self.operator_offering_ids
            or getattr(self.providers.get(o.cloud), "market", "") == "cn"
        ]
        offerings: tuple[Offering, ...] = tuple(offering(o, self.catalog.usd_to_cny) for o in rows)
        return Catalog(
            gpus=self.catalog.gpus,
            offerings=offerings,
            usd_to_cny=self.catalog.usd_to_cny,
            usd_to_cny_as_of=self.catalog.usd_to_cny_as_of,
            offload=self.catalog.offload,
        )

    @functools.cached_property
    def china_plan_catalog(self) -> Catalog:
        """`china_catalog` as a plan rents from it: a marketplace row priced per GPU of a host also
        rents 2, 4, … GPUs of that host at that many times the price (knowledge.load.host_rentals).
        Price answers read `china_catalog`, which lists each price once."""
        from knowledge.load import host_rentals

        rate = self.catalog.usd_to_cny
        listed = {x.id for x in self.china_catalog.offerings}
        extra = tuple(
            rental for o in self.offering_records if o.id in listed for rental in host_rentals(o, rate)
        )
        return replace(self.china_catalog, offerings=self.china_catalog.offerings + extra)

    def prices_for(
        self, gpu_id: str, *, market: Market | None = None, clouds: Iterable[str] | None = None
    ) -> list[PriceRow]:
        """Every usable price of one GPU, cheapest per GPU-hour first: the ONE place an answer
        about prices reads them, so no answer says "no price" for a GPU another answer prices.
        `market` "global" is what a plan outside mainland China prices from (`catalog`), "cn" what a
        region=cn plan prices from (`china_catalog`: public Chinese list prices and the operator's),
        None both; `clouds` keeps those providers only."""
        wanted = set(clouds) if clouds is not None else None
        return [
            r for r in self._price_rows(market) if r.gpu == gpu_id and (wanted is None or r.cloud in wanted)
        ]

    def priced_providers(self, market: Market | None = None) -> tuple[str, ...]:
        """Providers with at least one usable price in `market` (None: anywhere), in catalogue order."""
        order = list(self.providers)
        found = {r.cloud for r in self._price_rows(market)}
        return tuple(sorted(found, key=lambda c: (order.index(c) if c in order else len(order), c)))

    def _price_rows(self, market: Market | None) -> tuple[PriceRow, ...]:
        from knowledge.prices import price_rows

        # A frozen dataclass: the cache lives in the instance dict, like china_catalog's.
        cached: dict[Market | None, tuple[PriceRow, ...]] = self.__dict__.setdefault("_price_cache", {})
        if market not in cached:
            catalogs = {"global": [self.catalog], "cn": [self.china_catalog]}.get(
                market or "", [self.catalog, self.china_catalog]
            )
            offerings = {o.id: o for c in catalogs for o in c.offerings}
            cached[market] = tuple(price_rows(offerings.values(), self.providers, self.catalog.usd_to_cny))
        return cached[market]

    model_index: ModelIndex | None = None  # knowledge/data/models.yaml; None only in hand-built test bases
    serving_runs: tuple[ServingRun, ...] = ()  # knowledge/data/serving_runs.yaml
    serving_sources: Mapping[str, Source] = field(default_factory=dict)

    @property
    def models(self) -> tuple[ModelCardRecord, ...]:
        return self.model_index.cards if self.model_index is not None else ()

    def find_model(self, name: str) -> ModelCardRecord | None:
        """The model card a person means by `name` ("Qwen2.5-72B", "meta-llama/Llama-3.3-70B-Instruct",
        "通义千问2.5 72B"), or None."""
        return self.model_index.find(name) if self.model_index is not None else None

    def require_model(self, name: str) -> ModelCardRecord:
        """The model card for `name`; knowledge.models.UnknownModelError (with close matches) if none."""
        from knowledge.models import UnknownModelError

        if self.model_index is None:
            raise UnknownModelError(name, [], {})
        return self.model_index.require(name)

    def family_default(self, text: str) -> str | None:
        """The card a generation-less family name in `text` was read as ("通义千问7B" -> qwen2.5-7b)."""
        return self.model_index.family_default(text) if self.model_index is not None else None

    def close_models(self, name: str, limit: int = 5) -> list[str]:
        """Ids of the model cards nearest to an unknown `name`, best first."""
        return self.model_index.close(name, limit) if self.model_index is not None else []

    def model_architecture(self, model_id: str) -> ModelArchitecture:
        from knowledge.models import architecture

        if self.model_index is None:
            raise KeyError(model_id)
        return architecture(self.model_index.card(model_id))

    def gpu_record(self, gpu_id: str) -> GpuRecord:
        for g in self.gpu_records:
            if g.id == gpu_id:
                return g
        raise KeyError(gpu_id)

    def resolve_gpu(self, name: str) -> tuple[str, ...]:
        """Catalog ids a person means by `name`: an id or alias gives one, a family ("a100") all of it."""
        wanted = _norm(name)
        exact = [g.id for g in self.gpu_records if wanted in {_norm(g.id), *map(_norm, g.aliases)}]
        if exact:
            return tuple(exact)
        return tuple(g.id for g in self.gpu_records if _norm(g.family) == wanted)

    def scenario_for(self, params: float) -> Scenario:
        """The seed's reference package a model of `params` parameters falls into (clamped at the ends)."""
        for s in self.scenarios:
            if params < s.params_min:
                return s
            if s.params_max is None or params < s.params_max:
                return s
        return self.scenarios[-1]

    def software_notes(
        self,
        gpu_id: str,
        method: str | None,
        precision: str | None,
        gpus: int = 1,
        sharded: bool | None = None,
    ) -> list[Bilingual]:
        """Compatibility notes that matter for this plan: its GPU's architecture, the training method,
        the precision, the GPU count and whether full training is sharded (default: full training
        on more than one GPU is). Remembered per question, like fired_pitfalls."""
        key = (gpu_id, method, precision, gpus, sharded)
        known = _remembered(
            self._software_notes, key, lambda: tuple(self._notes(gpu_id, method, precision, gpus, sharded))
        )
        return list(known)

    @functools.cached_property
    def _software_notes(self) -> dict[Hashable, tuple[Bilingual, ...]]:
        return {}

    def _notes(
        self, gpu_id: str, method: str | None, precision: str | None, gpus: int, sharded: bool | None
    ) -> list[Bilingual]:
        arch = self.gpu_record(gpu_id).architecture
        if sharded is None:
            sharded = gpus > 1 and method in FULL_TRAINING
        notes: list[Bilingual] = []
        for f in self.software.features:
            if f.methods and method not in f.methods:
                continue
            if f.precisions and precision not in f.precisions:
                continue
            if (f.architectures and arch not in f.architectures) or gpus < f.min_gpus:
                continue
            if f.sharded_only and not sharded:
                continue
            note = f.when_supported if arch in f.supported else f.when_unsupported
            if note is not None:
                notes.append(note)
        return notes

    def factcheck(self, text: str) -> list[Correction]:
        from knowledge.factcheck import factcheck

        return factcheck(text, self.gpu_records, self.errata, self.gpu_sources)

    @functools.cached_property
    def _searcher(self) -> Searcher:
        from knowledge.search import Searcher

        return Searcher((*self.faq, *self.pitfalls), self.synonyms)

    def search(self, text: str, limit: int = 5) -> list[Hit]:
        return self._searcher.search(text, limit)

    def retrieve(self, text: str, limit: int = 5) -> Retrieval:
        """Hits and `margin`: see knowledge.search.Retrieval."""
        return self._searcher.retrieve(text, limit)

    def distinct_advice(self, ids: Iterable[str]) -> list[str]:
        """`ids` in order without the twins of earlier ones (knowledge.faq.distinct_advice)."""
        from knowledge.faq import distinct_advice

        return distinct_advice(ids, self._twins)

    def entry(self, entry_id: str) -> Entry | None:
        """The FAQ entry or pitfall with this id."""
        return self._entries.get(entry_id)

    @functools.cached_property
    def _entries(self) -> dict[str, Entry]:
        by_id: dict[str, Entry] = {}
        entries: tuple[Entry, ...] = (*self.faq, *self.pitfalls)
        for e in entries:
            by_id.setdefault(e.id, e)
        return by_id

    @functools.cached_property
    def _twins(self) -> dict[str, frozenset[str]]:
        from knowledge.faq import twins_by_id

        return twins_by_id((*self.faq, *self.pitfalls))

    def fired_pitfalls(self, context: Mapping[str, object]) -> list[str]:
        """Ids of the pitfalls whose trigger holds in `context`, remembered per context: the answer
        is a pure function of the pitfalls and the context's values (a handful of numbers, names and
        flags from the request and its plan), a turn asks twice, and evaluating every trigger was
        ~3% of a chat turn."""
        from knowledge.triggers import fired

        values = tuple(context.items())
        # The types too: True == 1 as a key, but `is_true` holds for True only.
        key = (values, tuple(map(type, context.values())))
        try:
            hash(key)
        except TypeError:  # an unhashable value: evaluate, remember nothing
            return fired(self.pitfalls, context)
        known = _remembered(self._fired, key, lambda: tuple(fired(self.pitfalls, context)))
        return list(known)

    @functools.cached_property
    def _fired(self) -> dict[Hashable, tuple[str, ...]]:
        return {}
