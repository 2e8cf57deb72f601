"""The conversation state is a typed value inside the dialogue and JSON only at the store: a
round trip keeps everything, and a stored state from another version, with a field of the wrong
type or with keys it does not know, loads without a crash."""

from __future__ import annotations

from bot.dialogue.state import STATE_VERSION, DialogueState, missing


def test_the_state_survives_a_round_trip_through_the_store() -> None:
    state = DialogueState(
        lang="zh-Hant",
        slots={"params": 7e9, "days": 14.0},
        pending="data",
        skipped=["days"],
        last={"gpu": "h100-sxm", "gpus": 8},
        asap=True,
        deadline_date="2027-01-31",
        samples=5e4,
        rev=3,
    )
    stored = state.to_json()
    assert stored["v"] == STATE_VERSION and stored["slots"] == {"params": 7e9, "days": 14.0}
    assert DialogueState.from_json(stored) == state


def test_a_state_from_another_version_starts_afresh_in_the_language_given() -> None:
    assert DialogueState.from_json({"v": STATE_VERSION + 1, "slots": {"params": 1e9}}, "en") == DialogueState(
        lang="en"
    )
    assert DialogueState.from_json(None, "zh-Hans").lang == "zh-Hans"


def test_a_field_of_the_wrong_type_takes_its_default_and_unknown_keys_are_ignored() -> None:
    raw = {
        "v": STATE_VERSION,
        "lang": "en",
        "skipped": "days",
        "asap": "yes",
        "rev": True,
        "samples": 3,
        "x": 1,
    }
    state = DialogueState.from_json(raw)
    assert (state.skipped, state.asap, state.rev, state.samples) == ([], False, 0, 3)


def test_changing_the_loaded_state_never_changes_what_was_stored() -> None:
    raw = DialogueState(slots={"params": 7e9}).to_json()
    state = DialogueState.from_json(raw)
    state.slots["params"] = 13e9
    assert raw["slots"]["params"] == 7e9


def test_the_form_asks_only_its_required_slots_in_order_and_a_skipped_deadline_is_an_answer() -> None:
    state = DialogueState()
    assert missing(state) == ["params", "data", "days"]
    state.slots.update(params=7e9, data_bytes=2e9)
    assert missing(state) == ["days"]
    state.skipped.append("days")
    assert missing(state) == []
