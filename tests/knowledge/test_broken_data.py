"""A broken knowledge file fails the load with ONE line naming the file, the entry and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from knowledge import DATA_DIR, KnowledgeError, load_knowledge


def broken_copy(tmp_path: Path, filename: str, old: str, new: str) -> Path:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    path = data / filename
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"fixture text not unique in {filename}: {old!r}"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return data


def load_error(data: Path) -> str:
    with pytest.raises(KnowledgeError) as exc:
        load_knowledge(data_dir=data)
    message = str(exc.value)
    assert "\n" not in message
    return message


T4_MEMORY = "    memory_gb: {value: 16, src: [S9, S3], conf: V}\n"


def test_a_word_where_a_number_belongs_names_the_gpu_and_field(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "gpus.yaml", T4_MEMORY, T4_MEMORY.replace("16", "sixteen"))
    message = load_error(data)
    assert "gpus.yaml" in message and "'t4'" in message and "memory_gb.value" in message


T4_FP64_TENSOR = (
    '      tensor: {value: null, src: [CUDACC], conf: K, note: "Turing has no FP64 Tensor Core"}\n'
)


def test_a_missing_fp64_figure_without_a_reason_names_the_gpu_and_field(tmp_path: Path) -> None:
    data = broken_copy(
        tmp_path, "gpus.yaml", T4_FP64_TENSOR, "      tensor: {value: null, src: [CUDACC], conf: K}\n"
    )
    message = load_error(data)
    assert "gpus.yaml" in message and "'t4'" in message and "fp64" in message


def test_an_unknown_key_is_rejected_not_ignored(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "gpus.yaml", T4_MEMORY, T4_MEMORY + "    colour: green\n")
    message = load_error(data)
    assert "'t4'" in message and "colour" in message


def test_a_missing_required_field_is_named(tmp_path: Path) -> None:
    data = broken_copy(
        tmp_path, "gpus.yaml", "    tier: top\n    memory_gb: {value: 141", "    memory_gb: {value: 141"
    )
    message = load_error(data)
    assert "'h200'" in message and "'tier'" in message and "missing" in message.lower()


def test_an_offering_of_an_unknown_gpu_is_a_bad_cross_reference(tmp_path: Path) -> None:
    data = broken_copy(
        tmp_path,
        "offerings.yaml",
        "instance_type: p3.2xlarge\n  gpu: v100-16gb",
        "instance_type: p3.2xlarge\n  gpu: v100-8gb",
    )
    message = load_error(data)
    assert "offerings.yaml" in message and "aws/p3.2xlarge" in message and "'gpu'" in message
    assert "v100-8gb" in message


def test_a_figure_citing_an_unlisted_source_is_rejected(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "gpus.yaml", T4_MEMORY, T4_MEMORY.replace("S9, S3", "S9, S99"))
    message = load_error(data)
    assert "'t4'" in message and "'src'" in message and "S99" in message


def test_an_erratum_about_an_unknown_gpu_is_rejected(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "errata.yaml", "gpus: [mi250x]", "gpus: [mi250]")
    message = load_error(data)
    assert "errata.yaml" in message and "erratum.mi250x_fp16_4800" in message and "'gpus'" in message


def test_a_gpu_of_an_architecture_without_software_notes_is_rejected(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "gpus.yaml", "    architecture: turing\n", "    architecture: kepler\n")
    message = load_error(data)
    assert "'t4'" in message and "'architecture'" in message and "kepler" in message


def test_a_scenario_recommending_an_unknown_gpu_is_rejected(tmp_path: Path) -> None:
    data = broken_copy(
        tmp_path, "scenarios.yaml", "gpus: [t4, l4, a10g, a10]", "gpus: [t4, l4, a10g, a10, a30x]"
    )
    message = load_error(data)
    assert "scenarios.yaml" in message and "scenario.small" in message and "a30x" in message


def test_a_duplicate_id_is_rejected(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "checklist.yaml", "id: check.nvlink", "id: check.storage")
    message = load_error(data)
    assert "checklist.yaml" in message and "check.storage" in message and "duplicate" in message


def test_invalid_yaml_syntax_names_the_file_and_line(tmp_path: Path) -> None:
    data = broken_copy(tmp_path, "software.yaml", "supported: [hopper]", "supported: [hopper")
    message = load_error(data)
    assert "software.yaml" in message and "line" in message and "invalid YAML" in message


@pytest.mark.parametrize("filename", sorted(p.name for p in DATA_DIR.glob("*.yaml")))
def test_a_missing_packaged_data_file_fails_the_load_naming_it(tmp_path: Path, filename: str) -> None:
    data = tmp_path / "data"
    shutil.copytree(DATA_DIR, data)
    (data / filename).unlink()
    message = load_error(data)
    assert filename in message and "not found" in message


MODEL_LAYERS = (
    '    aliases: ["Llama-2-7b-chat-hf", "llama2-7b", "llama 2 7b chat"]\n'
    "    layers: 32\n    hidden: 4096\n    heads: 32\n    kv_heads: 32\n"
)


def test_a_model_card_with_uneven_head_groups_names_the_model(tmp_path: Path) -> None:
    data = broken_copy(
        tmp_path, "models.yaml", MODEL_LAYERS, MODEL_LAYERS.replace("kv_heads: 32", "kv_heads: 5")
    )
    message = load_error(data)
    assert "models.yaml" in message and "'llama-2-7b'" in message and "kv_heads" in message


def test_a_model_alias_that_names_two_models_is_rejected(tmp_path: Path) -> None:
    alias = 'aliases: ["Llama-2-13b-chat-hf", "llama2-13b"]'
    data = broken_copy(tmp_path, "models.yaml", alias, alias.replace("llama2-13b", "llama2-7b"))
    message = load_error(data)
    assert "models.yaml" in message and "llama2-7b" in message


def test_a_serving_run_of_an_unknown_model_is_named(tmp_path: Path) -> None:
    run = "id: trt0.14-mixtral-8x22b-h200-tp8-fp8-1000-1000, model: mixtral-8x22b,"
    data = broken_copy(
        tmp_path, "serving_runs.yaml", run, run.replace("model: mixtral-8x22b", "model: mixtral-9x9b")
    )
    message = load_error(data)
    assert "serving_runs.yaml" in message and "mixtral-9x9b" in message
