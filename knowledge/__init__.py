"""The knowledge layer: GPU catalog, cloud offerings, FAQ, pitfalls, scenarios, software notes, errata.

Use `load_knowledge()`; it validates every YAML file once and caches the result per arguments.
"""

from knowledge.base import Bilingual, KnowledgeError, Source
from knowledge.factcheck import Correction
from knowledge.kb import KnowledgeBase
from knowledge.load import DATA_DIR, load_knowledge

__all__ = [
    "DATA_DIR",
    "Bilingual",
    "Correction",
    "KnowledgeBase",
    "KnowledgeError",
    "Source",
    "load_knowledge",
]
