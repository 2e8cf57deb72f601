"""A message that plans a training run and then serving its model ("we fine-tune an 8B model every month and
then serve it to ~200 users") gets both: the serving answer, then the training run (its plan when the message
says all it needs, else the form's next question), and a load said next is still the serving's. A model
already trained ("we fine-tuned Llama 8B and want to deploy it") is only served."""

from __future__ import annotations

import uuid

import pytest

from bot.dialogue.consultant import Consultant
from bot.nlu.parser import parse

from .asking import ask


@pytest.mark.parametrize(
    ("text", "lead", "asks"),
    [
        (
            "we fine-tune a 8B model every month and then serve it to ~200 users",
            "*That sizes the serving. The fine-tune before it:*",
            "How much training data?",
        ),
        (
            "we want to LoRA fine-tune Llama 3.1 8B on 50k examples and then serve it to 100 users at once",
            "*That sizes the serving. The LoRA fine-tune before it:*",
            "About how many tokens is each of the 50K samples?",
        ),
        (
            "after fine-tuning qwen 7b we'll host it for 50 concurrent users",
            "*That sizes the serving. The fine-tune before it:*",
            "How much training data?",
        ),
        (
            "先 LoRA 微调 Qwen2.5 7B，再部署给 300 人用",
            "*以上是推理部署的配置。下面是部署前的 LoRA 微调：*",
            "训练数据有多少？",
        ),
        (
            "先 LoRA 微調 Qwen2.5 7B，再部署給 300 人用",
            "*以上是推理部署的配置。下面是部署前的 LoRA 微調：*",
            "訓練資料有多少？",
        ),
    ],
)
def test_training_then_serving_answers_the_serving_and_asks_for_the_training_run(
    real: Consultant, text: str, lead: str, asks: str
) -> None:
    reply = ask(real, text)
    assert reply.startswith(("*Serving ", "*推理部署")) and lead in reply and asks in reply
    assert reply.index(lead) > reply.index(
        "/hour" if "Serving" in reply else "每小时" if "每小时" in reply else "每小時"
    )


def test_the_data_said_next_plans_the_training_run_of_that_model(real: Consultant) -> None:
    reply = ask(
        real,
        "we fine-tune a 8B model every month and then serve it to ~200 users",
        "the fine-tune uses 20k samples of 1k tokens, done in a day",
    )
    assert reply.startswith("*Recommended:*")
    assert "*Understood:* 8B parameters, 20M tokens (20K samples × 1,000 tokens)" in reply


def test_a_training_run_said_in_full_is_planned_after_the_serving_answer(real: Consultant) -> None:
    session = "s-" + uuid.uuid4().hex
    turn = real.handle(
        session, "we LoRA fine-tune Llama 3.1 8B on 20M tokens within 2 days and then serve it to 100 users"
    )
    assert turn.text.startswith("*Serving Llama 3.1 8B")
    lead = turn.text.index("*That sizes the serving. The LoRA fine-tune before it:*")
    assert lead < turn.text.index("LoRA fine-tuning, 2 days")
    assert turn.payload["recommendation"]["options"][0]["days"] <= 2
    # a load said next is the serving's, not a change to the training plan
    more = real.handle(session, "what about 300 users?").text
    assert "100 concurrent users → 300 concurrent users" in more and "Nothing changes" not in more


@pytest.mark.parametrize(
    "text",
    [
        "we fine-tuned llama 8b and want to deploy it to 100 users",
        "we already trained a 7B and now need to serve it to 300 people",
        "we have 20 LoRA adapters to serve on llama 8b for 100 users",
        "訓完的模型要部署給 200 人用",
        "我们微调了一个 Qwen2.5-7B 的 LoRA，上线推理要什么卡",
        "我們微調了一個 8B，上線給 200 人用要幾張卡",
    ],
)
def test_a_model_already_trained_is_only_served(real: Consultant, text: str) -> None:
    assert not parse(text).trains_first
    reply = ask(real, text)
    assert "before it:*" not in reply and "部署前的" not in reply
    assert "How much training data" not in reply


@pytest.mark.parametrize("text", ["训完 7B 以后部署给 100 个并发用户", "微调完 8B 再部署给 50 个并发"])
def test_training_to_finish_before_deploying_is_a_plan_not_a_model_already_trained(text: str) -> None:
    assert parse(text).trains_first


def test_the_people_served_after_the_training_are_the_serving_load(real: Consultant) -> None:
    text = "we plan to fine-tune llama 3 8b on 10k examples and serve it internally to 30 engineers"
    assert parse(text).slots.daily_users == 30  # people a model is for are daily users, not all at once
    assert ask(real, text).startswith("*Serving Llama 3 8B (BF16) for 30 people, counted as daily users")
    assert parse("fine-tune a 7B for our 300 support agents").task == "train"  # a training job alone


@pytest.mark.parametrize(
    ("serve", "train", "got"),
    [
        (
            "serving plan for Llama 3.3 70B, 50 concurrent, FP8 on H100",
            "actually we also want to fine-tune it with LoRA on 200M tokens, what does that need?",
            "Got it: 70B parameters, 200M tokens, LoRA fine-tuning.",
        ),
        (
            "serve llama 3.1 8b to 100 users",
            "now LoRA it on 300M tokens of our support chats",
            "Got it: 8B parameters, 300M tokens, LoRA fine-tuning.",
        ),
        (
            "部署 Qwen2.5-32B，50 个并发",
            "我们还想先用 LoRA 微调它，数据 1 亿 token，要多久？",
            "320亿参数，1亿 tokens",
        ),
        (
            "我們要部署 Qwen2.5-14B，100 個並發",
            "另外想先 LoRA 微調這個模型，資料 5000 萬 token，三天內",
            "140億參數",
        ),
    ],
)
def test_a_training_job_after_a_serving_plan_with_no_model_trains_the_model_served(
    real: Consultant, serve: str, train: str, got: str
) -> None:
    real.handle("s", serve)
    reply = real.handle("s", train).text
    assert got in reply, reply
    assert "How many parameters" not in reply and "模型有多少参数" not in reply, reply
    assert "模型有多少參數" not in reply, reply


def test_a_training_job_naming_its_own_model_after_a_serving_plan_keeps_it(real: Consultant) -> None:
    real.handle("s", "serve llama 3.1 8b to 100 users")
    reply = real.handle("s", "separately, LoRA a 13B on 100M tokens").text
    assert "13B parameters" in reply and "8B parameters" not in reply, reply


@pytest.mark.parametrize(
    ("plan", "serving", "heading", "said"),
    [
        (
            "LoRA fine-tune Llama 3.1 8B on 500M tokens within 3 days",
            "serving it for 20 users",
            "Serving a 8B-parameter model (BF16) to 20 concurrent users",
            "This serves the model of the training plan above (8B parameters)",
        ),
        (
            "full fine-tune a 7B on 1B tokens in a week",
            "how many GPUs would we need to serve 300 users?",
            "to serve a 7B-parameter model (BF16) to 300 concurrent users",
            "This serves the model of the training plan above (7B parameters)",
        ),
        (
            "用 LoRA 微调 Qwen2.5 14B，2亿 tokens，3 天内",
            "部署给 20 个人用要几张卡",
            "推理部署 140亿参数的模型（BF16），20 个并发用户",
            "按上面训练方案的模型（140亿参数）估算",
        ),
        (
            "用 QLoRA 微調 Llama 3.1 70B，3億 tokens，一週內",
            "上線給 50 個人同時用要幾張卡",
            "推理部署 700億參數的模型（BF16），50 個併發使用者",
            "按上面訓練方案的模型（700億參數）估算",
        ),
    ],
)
def test_a_serving_question_with_no_model_after_a_training_plan_serves_the_model_planned(
    real: Consultant, plan: str, serving: str, heading: str, said: str
) -> None:
    real.handle("s", plan)
    text = real.handle("s", serving).text.replace("*", "")
    assert heading in text.split("\n")[0], text
    assert said in text, text
    assert "typical" not in text and "典型" not in text, text


def test_a_serving_question_naming_its_model_after_a_training_plan_serves_that_one(real: Consultant) -> None:
    real.handle("s", "LoRA fine-tune Llama 3.1 8B on 500M tokens within 3 days")
    text = real.handle("s", "how many GPUs to serve Qwen2.5 32B to 20 users?").text
    assert "Qwen2.5 32B" in text and "training plan above" not in text, text


@pytest.mark.parametrize(
    ("plan", "serving", "cheapest", "said"),
    [
        (
            "LoRA fine-tune Llama 3.1 8B on 500M tokens within 3 days",
            "cheapest GPUs for serving 40 users?",
            "The cheapest way to serve a 8B-parameter model for inference to 40 concurrent users",
            "This serves the model of the training plan above (8B parameters)",
        ),
        (
            "用 LoRA 微调 Qwen2.5 14B，2亿 tokens，3 天内",
            "最便宜怎么部署给 30 个人用",
            "按30 个并发用户推理部署 140亿参数的模型最便宜的方案",
            "按上面训练方案的模型（140亿参数）估算",
        ),
        (
            "用 LoRA 微調 Qwen2.5 14B，2億 tokens，3 天內",
            "最便宜的部署方式，給 30 個人用",
            "按30 個併發使用者推理部署 140億參數的模型最便宜的方案",
            "按上面訓練方案的模型（140億參數）估算",
        ),
    ],
)
def test_the_cheapest_serving_after_a_training_plan_serves_the_model_planned(
    real: Consultant, plan: str, serving: str, cheapest: str, said: str
) -> None:
    real.handle("s", plan)
    text = real.handle("s", serving).text.replace("*", "")
    assert text.startswith(cheapest), text
    assert said in text, text
