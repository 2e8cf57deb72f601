"""The engine's memory terms against real training steps: `python benchmarks/torch_memory.py`.

Builds small Llama-shaped transformers (RMSNorm, GQA attention through scaled_dot_product_attention,
SwiGLU) from the same shape the engine derives for the parameter count (no downloads), runs a few
BF16 AdamW steps on CPU with FP32 master weights, and measures, term by term:
- weights, gradients: bytes of the parameters and of their .grad after backward;
- optimizer: FP32 master copy + AdamW exp_avg/exp_avg_sq after a step;
- activations: bytes of the distinct tensors autograd saves for backward (saved_tensors_hooks),
  parameters excluded, split into the transformer layers and the output head + loss.
Skips with a message when torch is not installed (`pip install -e '.[torch]'`).
"""

from __future__ import annotations

import sys
from typing import Any

try:
    import torch
    import torch.nn.functional as F
    from torch import nn
except ImportError:
    print("torch is not installed: skipping the measured memory check (pip install -e '.[torch]')")
    sys.exit(0)

from knowledge import load_knowledge
from sizing import SizingRequest, plan
from sizing.architecture import Architecture, derive

GB = 1e9
CONFIGS = ((20e6, 256, 2), (60e6, 512, 1), (120e6, 256, 4))  # params, seq_len, micro-batch
STEPS = 3


class Block(nn.Module):
    def __init__(self, a: Architecture) -> None:
        super().__init__()
        d, hd = a.hidden, a.head_dim
        self.heads, self.kv_heads, self.hd = a.heads, a.kv_heads, hd
        self.norm1, self.norm2 = nn.RMSNorm(d), nn.RMSNorm(d)
        self.qkv = nn.Linear(d, (a.heads + 2 * a.kv_heads) * hd, bias=False)
        self.out = nn.Linear(a.heads * hd, d, bias=False)
        self.gate_up = nn.Linear(d, 2 * a.ffn, bias=False)
        self.down = nn.Linear(a.ffn, d, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, s, _ = x.shape
        q, k, v = self.qkv(self.norm1(x)).split(
            [self.heads * self.hd, self.kv_heads * self.hd, self.kv_heads * self.hd], dim=-1
        )
        q = q.view(b, s, self.heads, self.hd).transpose(1, 2)
        k = k.view(b, s, self.kv_heads, self.hd).transpose(1, 2)
        v = v.view(b, s, self.kv_heads, self.hd).transpose(1, 2)
        att = F.scaled_dot_product_attention(q, k, v, is_causal=True, enable_gqa=True)
        x = x + self.out(att.transpose(1, 2).reshape(b, s, -1))
        gate, up = self.gate_up(self.norm2(x)).chunk(2, dim=-1)
        out: torch.Tensor = x + self.down(F.silu(gate) * up)
        return out


class Model(nn.Module):
    def __init__(self, a: Architecture) -> None:
        super().__init__()
        self.embed = nn.Embedding(a.vocab, a.hidden)
        self.blocks = nn.ModuleList(Block(a) for _ in range(a.layers))
        self.norm = nn.RMSNorm(a.hidden)
        self.head = nn.Linear(a.hidden, a.vocab, bias=False)
        if a.tied_embeddings:
            self.head.weight = self.embed.weight


class SavedBytes:
    """Distinct storages autograd keeps for backward, per phase; parameters are not activations."""

    def __init__(self, params: set[int]) -> None:
        self.params, self.seen = params, set[int]()
        self.phase = "layers"
        self.bytes = {"layers": 0, "head": 0}

    def pack(self, t: torch.Tensor) -> torch.Tensor:
        storage = t.untyped_storage()
        key = storage.data_ptr()
        if key not in self.params and key not in self.seen:
            self.seen.add(key)
            self.bytes[self.phase] += storage.nbytes()
        return t


def step(
    model: Model, master: list[torch.Tensor], opt: torch.optim.Optimizer, tokens: torch.Tensor
) -> SavedBytes:
    saved = SavedBytes({p.untyped_storage().data_ptr() for p in model.parameters()})
    with torch.autograd.graph.saved_tensors_hooks(saved.pack, lambda t: t):
        x = model.embed(tokens[:, :-1])
        for block in model.blocks:
            x = block(x)
        saved.phase = "head"
        logits = model.head(model.norm(x)).float()  # FP32 logits, as the engine assumes
        loss = F.cross_entropy(logits.flatten(0, 1), tokens[:, 1:].flatten())
    loss.backward()  # type: ignore[no-untyped-call]
    for p, m in zip(model.parameters(), master, strict=True):
        m.grad = p.grad.float() if p.grad is not None else None
    opt.step()
    with torch.no_grad():
        for p, m in zip(model.parameters(), master, strict=True):
            p.copy_(m)
    return saved


def measure(params: float, seq_len: int, micro_batch: int) -> dict[str, Any]:
    arch = derive(params)
    torch.manual_seed(0)
    model = Model(arch).to(torch.bfloat16)
    master = [p.detach().float().clone().requires_grad_(True) for p in model.parameters()]
    opt = torch.optim.AdamW(master, lr=1e-4)
    tokens = torch.randint(0, arch.vocab, (micro_batch, seq_len + 1))
    for _ in range(STEPS):
        model.zero_grad(set_to_none=False)
        saved = step(model, master, opt, tokens)
    ps = list(model.parameters())
    states = [t for s in opt.state.values() for t in s.values() if torch.is_tensor(t) and t.dim() > 0]
    measured = {
        "weights": sum(p.numel() * p.element_size() for p in ps),
        "gradients": sum(p.grad.numel() * p.grad.element_size() for p in ps if p.grad is not None),
        "optimizer": sum(m.numel() * 4 for m in master) + sum(t.numel() * t.element_size() for t in states),
        "activations": saved.bytes["layers"],
        "logits": saved.bytes["head"],
    }
    request = SizingRequest(
        params=params, method="full_finetune", precision="bf16", gpu="a100-80gb", gpus=1,
        seq_len=seq_len, micro_batch=micro_batch,
    )  # fmt: skip
    option = plan(request, load_knowledge().catalog).options[0]
    mem = option.fitted.memory
    engine = {
        "weights": mem.weights_gb * GB,
        "gradients": mem.gradients_gb * GB,
        "optimizer": mem.optimizer_gb * GB,
        "activations": mem.activations_gb * GB,
        "logits": mem.logits_gb * GB,
    }
    return {"arch": arch, "recompute": option.fitted.layout.recompute, "measured": measured, "engine": engine}


def main() -> int:
    torch.set_num_threads(max(1, torch.get_num_threads()))
    print(f"torch {torch.__version__}, CPU, BF16 weights/grads, FP32 master + AdamW, {STEPS} steps")
    print("| model | seq x batch | term | measured MB | engine MB | engine/measured |")
    print("|---|---|---|---|---|---|")
    for params, seq_len, micro_batch in CONFIGS:
        r = measure(params, seq_len, micro_batch)
        a: Architecture = r["arch"]
        name = f"{a.params_exact / 1e6:.0f}M (L{a.layers} h{a.hidden}, recompute {r['recompute']})"
        for term, got in r["measured"].items():
            want = r["engine"][term]
            ratio = f"{want / got:.2f}" if got else "-"
            cells = (name, f"{seq_len} x {micro_batch}", term, f"{got / 1e6:.1f}", f"{want / 1e6:.1f}", ratio)
            print("| " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
