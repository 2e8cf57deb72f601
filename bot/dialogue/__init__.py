"""The conversation: state, the turn policy (bot/dialogue/consultant.py), slot filling, the engine
run behind a plan, and one module per kind of direct answer (bot/dialogue/answers/)."""
