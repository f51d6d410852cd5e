"""The MCP test's client: the official `mcp` package, over stdio (`refctl mcp`) and over
Streamable HTTP (`/mcp`). Run by tests/api/mcp.rs, which seeds the programme and checks
afterwards, through the API, that the calls here changed exactly what they should.

Environment: BASE (the server), REFCTL (its binary), FULL_KEY, READ_KEY, OTHER_KEY (a member's
main key, a read-only scoped key of the same member, another member's key), and per
transport (HTTP_ / STDIO_) the held reward to approve twice (…HELD) and the one a read-only
key tries to void (…UNTOUCHED). Prints one JSON line per transport; any failed check raises.
"""

import asyncio
import json
import os
import urllib.request

import httpx2
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client

BASE = os.environ["BASE"]
COMPONENT = "#/components/schemas/"


def own_refs(value):
    """The schema with every $ref to the document's components pointed at the tool's $defs."""
    if isinstance(value, dict):
        return {
            k: ("#/$defs/" + v[len(COMPONENT):] if k == "$ref" and isinstance(v, str) and v.startswith(COMPONENT) else own_refs(v))
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [own_refs(v) for v in value]
    return value


def check_tools(tools, document):
    operations = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            operations[operation["operationId"]] = (method, path, operation)
    expected = {name for name, (_, _, op) in operations.items() if op.get("x-scope") not in (None, "account")}
    names = {tool.name for tool in tools}
    assert names == expected, f"tools differ from the operations: {sorted(names ^ expected)}"
    for forbidden in ["regenerateApiKey", "getApiKey", "createScopedApiKey", "adminListMembers", "showLander"]:
        assert forbidden not in names, forbidden
    for tool in tools:
        method, path, operation = operations[tool.name]
        schema = tool.input_schema
        properties = schema["properties"]
        assert schema["additionalProperties"] is False, tool.name
        for parameter in operation.get("parameters", []):
            want = dict(parameter["schema"])
            if "description" in parameter:
                want["description"] = parameter["description"]
            assert properties[parameter["name"]] == own_refs(want), (tool.name, parameter["name"])
            assert (parameter["name"] in schema["required"]) == bool(parameter.get("required")), (tool.name, parameter["name"])
        content = operation.get("requestBody", {}).get("content", {})
        if "application/json" in content:
            assert properties["body"] == own_refs(content["application/json"]["schema"]), tool.name
        if "text/csv" in content:
            assert properties["body_text"]["type"] == "string", tool.name
        for name, definition in schema.get("$defs", {}).items():
            assert definition == own_refs(document["components"]["schemas"][name]), (tool.name, name)
        text = json.dumps(schema)
        assert COMPONENT not in text, f"{tool.name} refers outside itself"
        for ref in [part.split('"')[0] for part in text.split('"$ref": "#/$defs/')[1:]]:
            assert ref in schema["$defs"], (tool.name, ref)
        writes = operation["x-scope"] != "read"
        assert ("idempotency_key" in properties) == writes, tool.name
        assert tool.annotations.read_only_hint is (not writes), tool.name
    hints = {tool.name: tool.annotations for tool in tools}
    for name in ["listRewards", "getReward", "getCampaignStats", "previewFraudRules", "exportCampaignParticipants"]:
        assert hints[name].read_only_hint is True and hints[name].destructive_hint is False, name
    for name in ["voidReward", "refundConversion", "eraseParticipant", "deleteCampaign", "createPayouts", "markPayoutPaid"]:
        assert hints[name].read_only_hint is False and hints[name].destructive_hint is True, name
    for name in ["approveReward", "createSignup", "recordConversion", "createCampaign"]:
        assert hints[name].read_only_hint is False and hints[name].destructive_hint is False, name
    return len(tools)


def code_of(result):
    return (result.structured_content or {}).get("code")


async def session(connect, prefix, document):
    """The checks, through one transport: `connect(key)` opens a client as that key."""
    held, untouched = int(os.environ[prefix + "HELD"]), int(os.environ[prefix + "UNTOUCHED"])
    report = {}
    async with connect(os.environ["FULL_KEY"]) as client:
        report["tools"] = check_tools((await client.list_tools()).tools, document)
        first = await client.call_tool("approveReward", {"id": held})
        assert not first.is_error, first.structured_content
        assert first.structured_content["data"]["status"] == "issued", first.structured_content
        again = await client.call_tool("approveReward", {"id": held})
        assert not again.is_error and again.structured_content == first.structured_content, "the first result again"
        missing = await client.call_tool("getCampaign", {"id": 999999})
        assert missing.is_error and code_of(missing) == "not_found", missing.structured_content
        bad = await client.call_tool("getCampaign", {"id": 1, "nonsense": True})
        assert bad.is_error and code_of(bad) == "invalid_arguments", bad.structured_content
        queue = await client.read_resource("referrals://rewards/held")
        held_now = json.loads(queue.contents[0].text)["data"]["rewards"]
        assert held not in [r["id"] for r in held_now] and untouched in [r["id"] for r in held_now], held_now
        prompts = [p.name for p in (await client.list_prompts()).prompts]
        assert prompts == ["programme-overview", "review-queue", "payouts-due"], prompts
        report["protocol"] = client.protocol_version
    async with connect(os.environ["READ_KEY"]) as client:
        listed = await client.call_tool("listRewards", {"status": "held"})
        assert not listed.is_error and untouched in [r["id"] for r in listed.structured_content["data"]["rewards"]]
        refused = await client.call_tool("voidReward", {"id": untouched, "body": {"reason": "fraud"}})
        assert refused.is_error and code_of(refused) == "insufficient_scope", refused.structured_content
        refused = await client.call_tool("createBrand", {"body": {"url": "https://read-only.example", "description": "x"}})
        assert refused.is_error and code_of(refused) == "insufficient_scope", refused.structured_content
    async with connect(os.environ["OTHER_KEY"]) as client:
        theirs = await client.call_tool("listRewards", {})
        assert not theirs.is_error and theirs.structured_content["data"]["rewards"] == [], theirs.structured_content
        hidden = await client.call_tool("getReward", {"id": untouched})
        assert hidden.is_error and code_of(hidden) == "not_found", hidden.structured_content
        campaigns = await client.read_resource("referrals://campaigns")
        assert json.loads(campaigns.contents[0].text)["data"]["campaigns"] == []
    return report


def over_http(key):
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"})
    return Client(streamable_http_client(f"{BASE}/mcp", http_client=http))


def over_stdio(key):
    params = StdioServerParameters(
        command=os.environ["REFCTL"], args=["--server", BASE, "mcp"], env={"REFERRALS_API_KEY": key}
    )
    return Client(params)


async def main():
    with urllib.request.urlopen(f"{BASE}/api/v1/openapi.json", timeout=30) as response:
        document = json.load(response)
    for name, connect, prefix in [("http", over_http, "HTTP_"), ("stdio", over_stdio, "STDIO_")]:
        report = await asyncio.wait_for(session(connect, prefix, document), timeout=120)
        print(json.dumps({"transport": name, **report}), flush=True)


asyncio.run(main())
