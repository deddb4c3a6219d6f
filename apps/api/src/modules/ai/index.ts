export { aiRoutes } from './ai.routes.ts';
export { type AiProvider, AiProviderError, createAiProvider } from './providers/index.ts';
