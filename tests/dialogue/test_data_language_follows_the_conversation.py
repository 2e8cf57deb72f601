"""A data size typed alone ("800GB") answering the data question is text in the conversation's language:
its bytes per token follow the conversation (Chinese ≈ 5, English ≈ 4); a language named for the data
("300GB，都是英文", "2TB of Chinese text", "500GB of code") is the one planned; and the plan names the other
languages' figures, not the one assumed."""

from __future__ import annotations

import pytest

from bot.dialogue.consultant import Consultant


@pytest.mark.parametrize(
    ("opening", "size", "deadline", "said"),
    [
        (
            "我要训练一个 13B 模型",
            "800GB",
            "两周",
            "数据 800 GB ≈ 1600亿 tokens（按中文语料每 token 5 字节估算；英文约 4、代码约 3）",
        ),
        ("我想微调一个7B模型", "2 TB", "一周内", "数据 2 TB ≈ 4000亿 tokens（按中文语料每 token 5 字节估算"),
        ("我要微調 7B 模型", "200GB", "五天", "資料 200 GB ≈ 400億 tokens（按中文語料每 token 5 位元組估算"),
        (
            "train a 13B model",
            "800GB",
            "2 weeks",
            "800 GB of data ≈ 200B tokens at 4 bytes/token (English text assumed",
        ),
    ],
)
def test_a_bare_data_size_is_read_as_text_in_the_conversations_language(
    real: Consultant, opening: str, size: str, deadline: str, said: str
) -> None:
    real.handle("l", opening)
    real.handle("l", size)
    assert said in real.handle("l", deadline).text


def test_english_data_in_a_chinese_reply_names_the_chinese_figure_beside_it(real: Consultant) -> None:
    real.handle("e", "微调一个 7B 模型")
    real.handle("e", "500GB of English text")
    text = real.handle("e", "两周").text
    assert "按英文语料每 token 4 字节估算；中文约 5、代码约 3" in text


@pytest.mark.parametrize(
    ("turns", "said"),
    [
        (["微调 7B，200GB 英文语料，两周"], "按英文语料每 token 4 字节估算；中文约 5、代码约 3"),
        (
            ["我想微調一個 7B 模型", "300GB，都是英文", "兩週"],
            "按英文語料每 token 4 位元組估算；中文約 5、程式碼約 3",
        ),
        (
            ["fine-tune 7B on 2TB of Chinese text in 2 weeks"],
            "at 5 bytes/token (Chinese text assumed; English ≈ 4, code ≈ 3)",
        ),
        (
            ["pretrain a 3B model", "500GB of code", "10 days"],
            "at 3 bytes/token (code text assumed; English ≈ 4, Chinese ≈ 5)",
        ),
        (["预训练 3B 模型，500GB 代码数据，10 天"], "按代码语料每 token 3 字节估算；中文约 5、英文约 4"),
    ],
)
def test_the_language_named_for_the_data_sets_its_bytes_per_token(
    real: Consultant, turns: list[str], said: str
) -> None:
    for turn in turns[:-1]:
        real.handle("n", turn)
    assert said in real.handle("n", turns[-1]).text


@pytest.mark.parametrize(
    ("opening", "named", "change", "said"),
    [
        ("fine-tune 7B on 500GB in 2 weeks", "the data is actually Chinese text",
         "What changed*: English text → Chinese text", "at 5 bytes/token (Chinese text assumed"),
        ("fine-tune 7B on 500GB in 2 weeks", "what if it's mostly code?",
         "What changed*: English text → code", "at 3 bytes/token (code text assumed"),
        ("微调 7B，500GB 数据，两周", "其实数据都是英文的",
         "变化*：中文语料 → 英文语料", "按英文语料每 token 4 字节估算"),
        ("微調 7B，500GB 資料，兩週", "資料是程式碼",
         "變化*：中文語料 → 程式碼語料", "按程式碼語料每 token 3 位元組估算"),
    ],
)  # fmt: skip
def test_naming_the_datas_language_after_a_plan_replans_it_at_that_languages_bytes_per_token(
    real: Consultant, opening: str, named: str, change: str, said: str
) -> None:
    """The plan says which language it assumed; saying another one was an FAQ (on storage, on tokens per
    gigabyte) and the plan kept the wrong token count."""
    real.handle("c", opening)
    reply = real.handle("c", named)
    assert change in reply.text and said in reply.text
    assert "checkpoint" not in reply.text.split("\n")[0] and "gigabyte" not in reply.text.split("\n")[0]


def test_a_language_named_before_the_size_is_kept_for_the_size_answered_alone(real: Consultant) -> None:
    real.handle("k", "fine-tune a 7B model, the data is Chinese")
    real.handle("k", "500GB")
    assert "at 5 bytes/token (Chinese text assumed" in real.handle("k", "2 weeks").text


def test_undo_after_naming_the_datas_language_goes_back_to_the_language_before(real: Consultant) -> None:
    real.handle("u", "fine-tune 7B on 500GB in 2 weeks")
    real.handle("u", "the data is actually Chinese text")
    reply = real.handle("u", "undo")
    assert "Chinese text → English text" in reply.text and "(English text assumed" in reply.text


@pytest.mark.parametrize(
    "question",
    ["what tokenizer is best for Chinese text?", "中文语料怎么清洗？", "how do I clean English text data?"],
)
def test_a_question_about_text_in_a_language_changes_no_plan(real: Consultant, question: str) -> None:
    real.handle(
        "q", "fine-tune 7B on 500GB in 2 weeks" if "中文" not in question else "微调 7B，500GB 数据，两周"
    )
    reply = real.handle("q", question)
    assert "What changed" not in reply.text and "变化" not in reply.text


@pytest.mark.parametrize(
    ("opening", "named", "line"),
    [
        ("fine-tune a 7B model on 2B tokens in 5 days", "the data is Chinese",
         "Noted, nothing changes*: your data is counted in tokens (2B tokens), and the language does not"),
        ("fine-tune a 7B model on 2B tokens in 5 days", "it's mostly code",
         "the language does not change a token count"),
        ("微调 7B，20亿 token，5 天", "数据是中文的", "方案不变*：您的数据按 token 数计（20亿 tokens）"),
        ("微調 7B，20億 token，5 天", "其實資料都是英文的", "已記下，方案不變*：您的資料按 token 數計"),
    ],
)  # fmt: skip
def test_naming_the_language_of_a_token_count_keeps_the_plan_and_says_why_in_one_line(
    real: Consultant, opening: str, named: str, line: str
) -> None:
    """It was an FAQ on Chinese GPU clouds (or on bytes per token) with the plan left unsaid."""
    real.handle("t", opening)
    reply = real.handle("t", named)
    assert line in reply.text
    assert "GPU clouds" not in reply.text and "1 GB" not in reply.text
    assert "What changed" not in reply.text and "变化" not in reply.text
    assert reply.payload["slots"]["tokens"] == (2e9)


@pytest.mark.parametrize(
    ("opening", "size", "deadline", "said"),
    [
        ("fine-tune a 7B model on Chinese text", "500GB", "2 weeks", "(Chinese text assumed"),
        ("I want to fine-tune 7B with Chinese data", "500GB", "2 weeks", "(Chinese text assumed"),
        ("train a 7B using mostly code data", "500GB", "2 weeks", "(code text assumed"),
        ("用英文语料微调一个 7B 模型", "500GB", "两周", "按英文语料每 token 4 字节估算"),
        ("在中文数据上微调 7B", "500GB", "两周", "按中文语料每 token 5 字节估算"),
        ("微調一個 7B 模型，用英文語料", "500GB", "兩週", "按英文語料每 token 4 位元組估算"),
    ],
)
def test_a_language_trained_on_said_before_the_size_is_kept_for_the_size_answered_alone(
    real: Consultant, opening: str, size: str, deadline: str, said: str
) -> None:
    real.handle("o", opening)
    real.handle("o", size)
    assert said in real.handle("o", deadline).text


def test_using_english_data_in_a_chinese_message_is_no_request_for_english_replies(real: Consultant) -> None:
    reply = real.handle("e", "微調一個 7B 模型，用英文語料")
    assert "訓練資料有多少" in reply.text and "How much training data" not in reply.text


def test_data_said_as_zi_liao_after_an_owned_gpu_with_its_size_is_data_not_a_gpu_figure(
    real: Consultant,
) -> None:
    """「資料 100GB」 after 「A100 80GB」 was read as an A100 of 100 GB: corrected, the data asked again."""
    reply = real.handle("z", "我們有 8 張 A100 80GB，想微調 13B，資料 100GB")
    assert "沒有 100GB 的 A100" not in reply.text
    assert reply.payload["slots"]["data_bytes"] == 100e9


@pytest.mark.parametrize(
    ("opening", "named", "change"),
    [
        ("pretrain 7B on 300GB in 3 weeks", "sorry, that's 300GB of Chinese text",
         "What changed*: English text → Chinese text"),
        ("fine-tune 7B on 1TB of data in 2 weeks", "to be clear, it's 1TB of code",
         "What changed*: English text → code"),
        ("微调 7B，500GB 数据，两周", "其实是 500GB 英文数据", "变化*：中文语料 → 英文语料"),
        ("預訓練 3B，資料 400GB，一個月", "更正一下：400GB 程式碼", "變化*：中文語料 → 程式碼語料"),
    ],
)  # fmt: skip
def test_saying_the_held_size_again_with_another_language_names_the_change(
    real: Consultant, opening: str, named: str, change: str
) -> None:
    """The plan was redone at the new bytes per token, but with no change line: the user could not tell
    the new days and cost came from the language."""
    real.handle("s", opening)
    assert change in real.handle("s", named).text


@pytest.mark.parametrize(
    ("opening", "named", "line"),
    [
        ("pretrain 7B on 300GB in 3 weeks", "it's English text",
         "Noted, nothing changes*: the plan already reads your 300 GB of data as English text."),
        ("fine-tune 13B on 2TB of data in a month", "the data is English",
         "the plan already reads your 2 TB of data as English text"),
        ("预训练 7B，数据 300GB，三周", "数据是中文的",
         "方案不变*：当前方案已经把您的 300 GB 数据按中文语料换算成 token。"),
        ("全参微调 8B，数据 600GB，十天", "其实是中文语料",
         "当前方案已经把您的 600 GB 数据按中文语料换算成 token"),
        ("預訓練 7B，資料 300GB，三週", "資料都是中文",
         "方案不變*：當前方案已經把您的 300 GB 資料按中文語料換算成 token。"),
    ],
)  # fmt: skip
def test_naming_the_language_the_plan_already_assumed_keeps_it_in_one_line(
    real: Consultant, opening: str, named: str, line: str
) -> None:
    """It was an FAQ on tokens per gigabyte, as if the user had asked something."""
    real.handle("a", opening)
    reply = real.handle("a", named)
    assert line in reply.text
    assert "What changed" not in reply.text and "变化" not in reply.text and "變化" not in reply.text
    assert "gigabyte" not in reply.text and "1 GB 文本" not in reply.text


@pytest.mark.parametrize(
    ("text", "language"),
    [("it's English text", "en"), ("that's mostly Chinese data", "zh"), ("they're all code files", "code"),
     ("其实是中文语料", "zh"), ("不對，是英文資料", "en"), ("是中文语料好还是英文语料好？", None),
     ("it's a Chinese text model", None)],
)  # fmt: skip
def test_the_data_is_said_to_be_in_a_language_only_when_it_is_stated(text: str, language: str | None) -> None:
    from bot.nlu.parser import parse

    assert parse(text).data_language_said == language


@pytest.mark.parametrize(
    ("opening", "whatif", "change"),
    [
        ("fine-tune 7B on 200GB, the data is Chinese, 1 week", "what if it were English?",
         "What changed*: Chinese text → English text"),
        ("pretrain 3B on 500GB in 2 weeks", "what about code data?", "What changed*: English text → code"),
        ("预训练 3B，数据 500GB，两周", "如果是英文数据呢", "变化*：中文语料 → 英文语料"),
        ("預訓練 3B，資料 500GB，兩週", "要是程式碼語料呢", "變化*：中文語料 → 程式碼語料"),
    ],
)  # fmt: skip
def test_a_what_if_on_the_datas_language_replans_at_its_bytes_per_token(
    real: Consultant, opening: str, whatif: str, change: str
) -> None:
    """It was two pitfalls (memory, network) or "no suitable answer", with the plan left as it was."""
    real.handle("w", opening)
    assert change in real.handle("w", whatif).text


@pytest.mark.parametrize(
    "text",
    [
        "如果是中文模型呢",
        "what about Chinese LLMs?",
        "what if it were 8 GPUs?",
        "what about Chinese text tokenization?",
    ],
)
def test_a_what_if_on_something_else_named_in_a_language_is_no_data_language(text: str) -> None:
    from bot.nlu.parser import parse

    assert parse(text).data_language_said is None
