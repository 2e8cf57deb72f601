"""GPU clouds and rental marketplaces a message names (Parse.providers_mentioned), and which of them
are mainland-China ones (Parse.region "cn").

Ids follow knowledge/data/offerings.yaml where the catalogue prices the cloud (aws, gcp, azure,
lambda); the others are the names people use for the provider. Text is simplified and lower-cased;
ASCII names match whole words. A company name alone (阿里, 腾讯, 华为) is not its cloud: "阿里的
Qwen" names a model's author, "华为的卡" a chip.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.nlu import lexicon


@dataclass(frozen=True, slots=True)
class Provider:
    id: str
    region: str  # "cn" for mainland-China clouds and marketplaces, "global" otherwise
    names: tuple[str, ...]


PROVIDERS: tuple[Provider, ...] = (
    Provider(
        "aws", "global", ("aws", "amazon web services", "amazon", "ec2", "sagemaker", "亚马逊云", "亚马逊")
    ),
    Provider("gcp", "global", ("gcp", "google cloud", "google compute engine", "gce", "谷歌云")),
    Provider("azure", "global", ("azure", "microsoft azure", "微软云")),
    Provider("lambda", "global", ("lambda labs", "lambda cloud", "lambdalabs", "lambda")),
    Provider("oracle", "global", ("oracle cloud", "oci", "甲骨文云")),
    Provider("coreweave", "global", ("coreweave",)),
    Provider("runpod", "global", ("runpod",)),
    Provider("vast", "global", ("vast.ai", "vast ai", "vastai")),
    Provider("paperspace", "global", ("paperspace",)),
    Provider("together", "global", ("together ai", "together.ai")),
    Provider("nebius", "global", ("nebius",)),
    Provider("crusoe", "global", ("crusoe",)),
    Provider("fluidstack", "global", ("fluidstack",)),
    Provider("jarvislabs", "global", ("jarvislabs", "jarvis labs")),
    Provider("tensordock", "global", ("tensordock",)),
    Provider("hyperstack", "global", ("hyperstack",)),
    Provider("digitalocean", "global", ("digitalocean", "digital ocean")),
    Provider("aliyun", "cn", ("阿里云", "aliyun", "alibaba cloud", "alicloud")),
    Provider("tencent", "cn", ("腾讯云", "tencent cloud", "tencentcloud")),
    Provider("volcano", "cn", ("火山引擎", "火山云", "volcano engine", "volcengine")),
    Provider("baidu", "cn", ("百度智能云", "百度云", "baidu ai cloud", "baidu cloud")),
    Provider("huawei", "cn", ("华为云", "huawei cloud")),
    Provider("autodl", "cn", ("autodl",)),
    Provider("matpool", "cn", ("矩池云", "matpool")),
    Provider("gpushare", "cn", ("恒源云", "gpushare")),
    Provider("featurize", "cn", ("featurize",)),
    Provider("jdcloud", "cn", ("京东云", "jd cloud")),
    Provider("ucloud", "cn", ("ucloud", "优刻得")),
    Provider("ctyun", "cn", ("天翼云", "ctyun")),
    Provider("ksyun", "cn", ("金山云", "ksyun")),
    Provider("qingcloud", "cn", ("青云", "qingcloud")),
)
CN_PROVIDERS = frozenset(p.id for p in PROVIDERS if p.region == "cn")
_BY_NAME = {name: p.id for p in PROVIDERS for name in p.names}
_NAMES = tuple(_BY_NAME)


def find_providers(s: str) -> tuple[str, ...]:
    """Provider ids in the order the message names them, each once."""
    found: list[str] = []
    for m in lexicon.phrases_in(s, _NAMES):
        if m.group() == "lambda" and s.endswith(("aws ", "aws-"), 0, m.start()):
            continue  # AWS Lambda is Amazon's serverless product
        found.append(_BY_NAME[m.group()])
    return tuple(dict.fromkeys(found))


__all__ = ["CN_PROVIDERS", "PROVIDERS", "Provider", "find_providers"]
