//! The MCP server itself (rmcp's `ServerHandler`): the tools of the catalogue, a few prompts
//! that start an assistant on the usual jobs, and resources that show where a programme
//! stands (the campaigns, the review queue, the payouts due). Every call is made as the
//! caller: `refctl mcp`'s key, or the bearer of the `/mcp` request, which the HTTP bridge puts
//! on the request as a [`Caller`].

use std::sync::Arc;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, GetPromptRequestParams, GetPromptResponse,
    GetPromptResult, Implementation, ListPromptsResult, ListResourcesResult, ListToolsResult, PaginatedRequestParams,
    Prompt, PromptMessage, ReadResourceRequestParams, ReadResourceResponse, ReadResourceResult, Resource,
    ResourceContents, Role, ServerCapabilities, ServerConfig, Tool, ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value};

use super::calls::{self, Answer, AnswerBody, Caller, Replays};
use super::tools::Operation;

/// What an assistant is told when it connects.
const INSTRUCTIONS: &str = "Runs a referral and affiliate programme: its brands, campaigns, participants, \
conversions, rewards and payouts. Tools marked read-only change nothing. Every write is idempotent: a \
repeated call with the same arguments (or the same idempotency_key) is answered with its first result, so \
a retry never approves, pays or records twice. Failures carry the API's machine code (not_found, \
insufficient_scope, reward_state_conflict...).";

/// The prompts: name, what it does, the text an assistant starts from.
const PROMPTS: [(&str, &str, &str); 3] = [
    (
        "programme-overview",
        "How the programme is doing: its campaigns and their numbers",
        "Give me an overview of my referral programme. List my campaigns (listCampaigns), then for each read \
its numbers (getCampaignStats) and its top referrers (getLeaderboard). Summarise signups, referrals, \
conversions and rewards, and point out anything unusual.",
    ),
    (
        "review-queue",
        "Go through the rewards held for review",
        "Show me the rewards held for review (listRewards with status=held). For each, read the reward's \
history (getReward) and the participant (getParticipant), and tell me whether anything looks like fraud. \
Do not approve or void anything until I say so.",
    ),
    (
        "payouts-due",
        "What is owed to partners, and the payouts waiting to be paid",
        "List the payouts waiting to be paid (listPayouts with status=requested) and, for my campaigns that pay \
cash, what each partner is owed (getParticipantBalance). Summarise by currency. Do not create or mark \
payouts until I say so.",
    ),
];

/// The resources: URI, name, what it shows, the API read behind it.
const RESOURCES: [(&str, &str, &str, &str); 3] = [
    ("referrals://campaigns", "Campaigns", "The member's campaigns, newest first", "/api/v1/campaigns?limit=100"),
    (
        "referrals://rewards/held",
        "Review queue",
        "Rewards held for review, newest first",
        "/api/v1/rewards?status=held&limit=100",
    ),
    (
        "referrals://payouts/requested",
        "Payouts due",
        "Payouts requested and not yet paid, newest first",
        "/api/v1/payouts?status=requested&limit=100",
    ),
];

/// The MCP server for one catalogue of tools.
#[derive(Clone)]
pub struct ReferralsMcp {
    tools: Arc<Vec<Operation>>,
    /// The caller of every call (`refctl mcp`); over HTTP, each request's own.
    fixed: Option<Caller>,
    client: reqwest::Client,
    replays: Arc<Replays>,
}

impl ReferralsMcp {
    /// A server of `tools`, each call made as `fixed` (stdio) or as the request's caller (HTTP).
    pub fn new(tools: Arc<Vec<Operation>>, fixed: Option<Caller>, replays: Arc<Replays>) -> Self {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_else(|_| reqwest::Client::new());
        Self { tools, fixed, client, replays }
    }

    /// The caller of this request: the fixed one, or the one the HTTP bridge put on it.
    fn caller(&self, context: &RequestContext<RoleServer>) -> Result<Caller, ErrorData> {
        if let Some(caller) = &self.fixed {
            return Ok(caller.clone());
        }
        context
            .extensions
            .get::<http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<Caller>())
            .cloned()
            .ok_or_else(|| ErrorData::internal_error("no credential came with this request", None))
    }
}

/// A tool as MCP lists it.
pub fn listed(operation: &Operation) -> Tool {
    let mut tool = Tool::new(operation.name.clone(), operation.description.clone(), operation.input_schema.clone());
    let annotations = ToolAnnotations::new()
        .read_only(operation.read_only)
        .destructive(operation.destructive)
        .idempotent(!operation.read_only)
        .open_world(false);
    tool.annotations = Some(annotations);
    tool
}

/// An API answer as a tool's result: the JSON (its envelope) as structured content, a text
/// export as text; a failure is the tool's error.
fn result_of(answer: Answer) -> CallToolResult {
    let failed = answer.status >= 400;
    match (answer.body, failed) {
        (AnswerBody::Json(value @ Value::Object(_)), false) => CallToolResult::structured(value),
        (AnswerBody::Json(value @ Value::Object(_)), true) => CallToolResult::structured_error(value),
        (AnswerBody::Json(value), false) => CallToolResult::success(vec![ContentBlock::text(value.to_string())]),
        (AnswerBody::Json(value), true) => CallToolResult::error(vec![ContentBlock::text(value.to_string())]),
        (AnswerBody::Text(text), false) => CallToolResult::success(vec![ContentBlock::text(text)]),
        (AnswerBody::Text(text), true) => CallToolResult::error(vec![ContentBlock::text(text)]),
    }
}

impl ServerHandler for ReferralsMcp {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder().enable_tools().enable_prompts().enable_resources().build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("referrals", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.iter().map(listed).collect()))
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.tools.iter().find(|t| t.name == name).map(listed)
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(operation) = self.tools.iter().find(|t| t.name == request.name) else {
            return Err(ErrorData::invalid_params(format!("no tool is called {:?}", request.name), None));
        };
        let caller = self.caller(&context)?;
        let arguments = request.arguments.unwrap_or_default();
        let answer = calls::call(&self.client, &self.replays, operation, arguments, &caller).await;
        Ok(result_of(answer).into())
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        let prompts = PROMPTS.iter().map(|(name, about, _)| Prompt::new(*name, Some(*about), None)).collect();
        Ok(ListPromptsResult::with_all_items(prompts))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let Some((_, about, text)) = PROMPTS.iter().find(|(name, ..)| *name == request.name) else {
            return Err(ErrorData::invalid_params(format!("no prompt is called {:?}", request.name), None));
        };
        let result = GetPromptResult::new(vec![PromptMessage::new_text(Role::User, *text)]).with_description(*about);
        Ok(result.into())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        let resources = RESOURCES
            .iter()
            .map(|(uri, name, about, _)| {
                Resource::new(*uri, *name).with_description(*about).with_mime_type("application/json")
            })
            .collect();
        Ok(ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        let Some((uri, .., read)) = RESOURCES.iter().find(|(uri, ..)| *uri == request.uri) else {
            return Err(ErrorData::resource_not_found(format!("no resource {:?}", request.uri), None));
        };
        let caller = self.caller(&context)?;
        let (path, query) = read.split_once('?').unwrap_or((read, ""));
        let operation = Operation {
            name: (*uri).to_owned(),
            description: String::new(),
            method: reqwest::Method::GET,
            path: path.to_owned(),
            path_params: Vec::new(),
            query_params: query.split('&').filter_map(|pair| pair.split_once('=')).map(|(k, _)| k.to_owned()).collect(),
            body: None,
            read_only: true,
            destructive: false,
            input_schema: Map::new(),
        };
        let arguments: Map<String, Value> = query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .map(|(k, v)| (k.to_owned(), Value::String(v.to_owned())))
            .collect();
        let answer = calls::call(&self.client, &self.replays, &operation, arguments, &caller).await;
        let text = match answer.body {
            AnswerBody::Json(value) => value.to_string(),
            AnswerBody::Text(text) => text,
        };
        let contents = ResourceContents::text(text, *uri).with_mime_type("application/json");
        Ok(ReadResourceResult::new(vec![contents]).into())
    }
}
