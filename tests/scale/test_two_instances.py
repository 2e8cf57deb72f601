"""Several instances behave as one: two bot processes share conversations, de-dup and limits via Redis.

Each test uses its own channel and user, so they share one (module-scoped) pair of instances.
"""

from __future__ import annotations

import pytest
from fakes.slack_api import Shown
from scale_cluster import RATE_LIMIT_PER_MINUTE, Cluster, mention, thread_reply

from knowledge import load_knowledge

pytestmark = [pytest.mark.redis, pytest.mark.slow]

WAIT_S = 30.0  # generous: a turn runs the NLU and the sizing engine in a cold process


def posts_in(cluster: Cluster, channel: str) -> list[Shown]:
    """Messages as the channel shows them: a "working on it" placeholder reads as the answer it became."""
    return [m for m in cluster.slack.shown() if m.channel == channel]


def answered(message: Shown) -> bool:
    """Final: a placeholder that has been updated, or a message posted as it is (e.g. a notice)."""
    return message.updates > 0 or not message.posted_text.startswith("⏳")


def wait_posts(cluster: Cluster, channel: str, count: int) -> list[Shown]:
    cluster.slack.wait_for(lambda: sum(answered(m) for m in posts_in(cluster, channel)) >= count, WAIT_S)
    return posts_in(cluster, channel)


def gpu_families() -> set[str]:
    """Uppercase model tokens as replies name them (H100, A100, MI300X, L40S...), from the catalog."""
    names = {g.id.split("-")[0].upper() for g in load_knowledge().catalog.gpus}
    return {n for n in names if len(n) >= 3}


def test_a_thread_begun_on_one_instance_continues_on_the_other_to_a_recommendation(
    cluster: Cluster,
) -> None:
    root = "1800000001.000100"
    first = cluster.a.post_event(
        mention("EvScale1", "U1", "CSCALE1", "we want to fully fine-tune a 13B parameter model", root)
    )
    assert first.status == 200
    (question,) = wait_posts(cluster, "CSCALE1", 1)
    assert question.thread_ts == root

    # No mention: instance B answers a thread reply only if it sees the session A stored in Redis,
    # and can only recommend hardware if A's turn (13B, full fine-tune) is in that session.
    second = cluster.b.post_event(
        thread_reply(
            "EvScale2", "U1", "CSCALE1", "20B tokens, bf16, done within 3 weeks", "1800000001.000200", root
        )
    )
    assert second.status == 200
    posts = wait_posts(cluster, "CSCALE1", 2)
    assert len(posts) >= 2, f"instance B did not answer the thread:\n{cluster.b.log_tail()}"
    answer = " ".join(p.dump() for p in posts[1:])
    assert any(family in answer for family in gpu_families()), answer[:600]


def test_a_retry_delivered_to_the_other_instance_gets_no_second_reply(cluster: Cluster) -> None:
    event = mention(
        "EvScale3", "U4", "CSCALE3", "how long to pretrain a 1B model on 50B tokens?", "1800000003.0001"
    )
    assert cluster.a.post_event(event).status == 200
    replies = wait_posts(cluster, "CSCALE3", 1)
    duplicates_before = cluster.b.metric("gpu_advisor_duplicate_events_total")

    retry = cluster.b.post_event(
        event, headers={"X-Slack-Retry-Num": "1", "X-Slack-Retry-Reason": "http_timeout"}
    )

    # The gate drops a claimed event before acknowledging, so once B has answered 200 no listener
    # was started for it: the counts below are final, no waiting needed.
    assert retry.status == 200
    assert cluster.b.metric("gpu_advisor_duplicate_events_total") == duplicates_before + 1
    assert posts_in(cluster, "CSCALE3") == replies


def test_the_rate_limit_counts_requests_on_both_instances_together(cluster: Cluster) -> None:
    channel = "CSCALE4"
    instances = [cluster.a, cluster.b] * RATE_LIMIT_PER_MINUTE
    for i, instance in enumerate(instances[: RATE_LIMIT_PER_MINUTE + 1]):
        ts = f"1800000004.{i:06d}"
        assert (
            instance.post_event(mention(f"EvScale4-{i}", "U5", channel, "what is a GPU hour?", ts)).status
            == 200
        )
    cluster.slack.wait_for(lambda: len(cluster.slack.calls("chat.postEphemeral")) >= 1, WAIT_S)
    refusals = [c for c in cluster.slack.calls("chat.postEphemeral") if c.args.get("channel") == channel]
    assert len(refusals) == 1
    assert refusals[0].args["user"] == "U5"
    assert "wait a minute" in refusals[0].args["text"]
    total_limited = sum(i.metric("gpu_advisor_rate_limited_total") for i in (cluster.a, cluster.b))
    assert total_limited == 1


def test_without_redis_instances_turn_unready_and_say_so_then_recover(cluster: Cluster) -> None:
    assert [i.get("/readyz").status for i in (cluster.a, cluster.b)] == [200, 200]
    cluster.redis.stop()
    try:
        assert [i.get("/readyz").status for i in (cluster.a, cluster.b)] == [503, 503]
        assert [i.get("/healthz").status for i in (cluster.a, cluster.b)] == [200, 200]  # no restarts
        sent = cluster.a.post_event(
            mention("EvScale5", "U6", "CSCALE5", "size a 7B LoRA run", "1800000005.0001")
        )
        assert sent.status == 200
        (notice,) = wait_posts(cluster, "CSCALE5", 1)
        assert "state store is unavailable" in notice.text
        assert cluster.a.proc.poll() is None and cluster.b.proc.poll() is None
    finally:
        cluster.redis.start()  # same port; the instances reconnect on their own
    assert cluster.slack.wait_for(lambda: cluster.b.get("/readyz").status == 200, WAIT_S)
    assert cluster.slack.wait_for(lambda: cluster.a.get("/readyz").status == 200, WAIT_S)
    sent = cluster.b.post_event(mention("EvScale6", "U6", "CSCALE6", "size a 7B LoRA run", "1800000006.0001"))
    assert sent.status == 200
    (reply,) = wait_posts(cluster, "CSCALE6", 1)
    assert "state store is unavailable" not in reply.text
