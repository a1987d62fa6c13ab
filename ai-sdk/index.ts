/**
 * response-template-ai-sdk: an AI SDK language-model middleware backed by response-template parsers.
 * A separate package so that response-template keeps no dependency and no tie to the AI SDK's versions.
 *
 * @packageDocumentation
 * @module response-template-ai-sdk
 */

export { responseTemplateMiddleware, type ResponseTemplateMiddlewareOptions, type GeneratedParser } from "./middleware.ts";
