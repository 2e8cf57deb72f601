"""Serving memory follows each architecture: GQA heads, MLA latents, sliding windows, precision."""

from __future__ import annotations

import pytest

from knowledge import KnowledgeBase
from sizing.serve_memory import kv_bytes_per_request, kv_bytes_per_token_layer, serve_memory, weight_bytes

KIB = 1024


def test_llama_2_7b_caches_half_a_mebibyte_per_token_at_fp16(kb: KnowledgeBase) -> None:
    # reference/serving.md §1: 2 x 32 layers x 32 KV heads x 128 x 2 B = 512 KiB per token.
    arch = kb.model_architecture("llama-2-7b")
    assert kv_bytes_per_request(arch, 1, "bf16", 1) == 512 * KIB
    assert kv_bytes_per_request(arch, 1, "bf16", 2048) / 1e9 == pytest.approx(1.07, rel=0.01)


def test_grouped_query_attention_caches_only_the_kv_heads(kb: KnowledgeBase) -> None:
    # Llama 3 70B: 80 layers x 8 KV heads x 128 x 2 (K, V) x 2 B = 320 KiB per token, 10.7 GB at 32K.
    arch = kb.model_architecture("llama-3-70b")
    assert kv_bytes_per_request(arch, 1, "bf16", 1) == 320 * KIB
    assert kv_bytes_per_request(arch, 1, "bf16", 32768) / 1e9 == pytest.approx(10.7, rel=0.01)


def test_latent_attention_caches_a_small_latent_instead_of_every_head(kb: KnowledgeBase) -> None:
    v3 = kb.model_architecture("deepseek-v3")
    per_token = kv_bytes_per_request(v3, 1, "bf16", 1)
    assert per_token == 61 * (512 + 64) * 2
    as_if_heads = 61 * 2 * v3.kv_heads * v3.head_dim * 2  # what a generic GQA formula would say
    assert as_if_heads / per_token > 50


def test_tensor_parallel_gpus_split_kv_heads_but_replicate_the_latent(kb: KnowledgeBase) -> None:
    llama = kb.model_architecture("llama-3.1-70b")
    assert kv_bytes_per_token_layer(llama, 8, "bf16") == kv_bytes_per_token_layer(llama, 1, "bf16") / 8
    qwen = kb.model_architecture("qwen2.5-7b")  # 4 KV heads: on 8 GPUs each still holds one
    assert kv_bytes_per_token_layer(qwen, 8, "bf16") == kv_bytes_per_token_layer(qwen, 4, "bf16")
    v3 = kb.model_architecture("deepseek-v3")
    assert kv_bytes_per_token_layer(v3, 8, "bf16") == kv_bytes_per_token_layer(v3, 1, "bf16")


def test_sliding_window_layers_stop_growing_at_their_window(kb: KnowledgeBase) -> None:
    gemma = kb.model_architecture("gemma-2-27b")  # 4096-token window on every other layer
    short, long = (kv_bytes_per_request(gemma, 1, "bf16", n) for n in (4096, 32768))
    full = kv_bytes_per_request(gemma, 1, "bf16", 1) * 32768
    assert long < full * 0.6
    assert long - short == pytest.approx((32768 - 4096) * kv_bytes_per_request(gemma, 1, "bf16", 1) / 2)


def test_smaller_precisions_shrink_the_weights_but_keep_16_bit_embeddings(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("llama-3.1-8b")
    bf16, fp8, int4 = (weight_bytes(arch, p) / 1e9 for p in ("bf16", "fp8", "int4"))
    assert bf16 == pytest.approx(16.06, rel=0.01)
    assert int4 < fp8 < bf16
    embeddings = arch.embedding_params * 2 / 1e9
    assert fp8 == pytest.approx((arch.params_total - arch.embedding_params) / 1e9 + embeddings, rel=1e-6)


def test_fp8_weights_come_with_an_fp8_kv_cache(kb: KnowledgeBase) -> None:
    arch = kb.model_architecture("llama-3.1-8b")
    assert kv_bytes_per_request(arch, 1, "fp8", 1000) * 2 == kv_bytes_per_request(arch, 1, "bf16", 1000)


def test_mixtral_in_bf16_does_not_fit_one_80_gb_gpu_but_fits_in_fp8(kb: KnowledgeBase) -> None:
    arch, a100 = kb.model_architecture("mixtral-8x7b"), kb.catalog.gpu("a100-80gb")
    bf16 = serve_memory(arch, a100, 1, "bf16", 1500)
    assert bf16.weights_gb > 90 and not bf16.fits(1)
    fp8 = serve_memory(arch, a100, 1, "fp8", 1500)
    assert fp8.fits(1) and fp8.max_concurrency > 100


def test_concurrency_that_fits_is_the_kv_budget_over_one_request(kb: KnowledgeBase) -> None:
    mem = serve_memory(kb.model_architecture("qwen2.5-7b"), kb.catalog.gpu("a10"), 1, "bf16", 2000)
    assert mem.fits(2)
    assert mem.max_concurrency == int(mem.kv_budget_gb / mem.kv_per_request_gb)
    assert mem.used_gb(mem.max_concurrency) <= mem.capacity_gb


def test_a_window_on_every_layer_is_cached_in_full_as_servers_do(kb: KnowledgeBase) -> None:
    mistral = kb.model_architecture("mistral-7b-v0.1")  # 4096-token window on all 32 layers
    per_token = kv_bytes_per_request(mistral, 1, "bf16", 1)
    assert kv_bytes_per_request(mistral, 1, "bf16", 22000) == per_token * 22000
