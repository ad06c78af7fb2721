import type { INestApplication } from '@nestjs/common';
import { NestFactory, Reflector } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import helmet from 'helmet';
import { Logger } from 'nestjs-pino';
import { ApiRoutes } from '@outils/contracts';
import type { AppConfig } from '@outils/server-config';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { ErrorShapeGuard } from './common/errors/error-shape';
import { installBodyParsers } from './common/http/body-parsers';
import { compressTextResponses } from './common/http/compression';
import { openReadsCors } from './common/http/open-reads-cors';
import { createValidationPipe } from './common/validation/validation.pipe';
import { frontReads, headersSetBy } from './common/http/front-reads';
import { OPEN_READ_CORS_HEADERS } from './common/http/open-reads-cors';
import { RequestLogMiddleware } from './common/http/request-log.module';
import { MetricsService } from './modules/metrics/metrics.service';
import { KeptReads } from './modules/tools/kept-reads';

/** Header names the browser may send cross-origin (credential carriers, docs/product/rules.md#R17). */
const CREDENTIAL_HEADERS = ['userEmail', 'userToken', 'email', 'token', 'Access-Token'];

/** The security headers of every answer (helmet), the same on the route and on the kept reads' first layer. */
const securityHeaders = () => helmet({ crossOriginResourcePolicy: { policy: 'cross-origin' } });

/**
 * Everything between the socket and the handlers: parsers, security headers, CORS, the one
 * validation pipe, the one error filter. The controller specs build their small apps with it too.
 */
export function configureHttp(app: NestExpressApplication, config: Readonly<AppConfig>): void {
  app.set('query parser', 'extended'); // categories[]=1&categories[]=2 → an array
  // Only these proxies may say who the client is (X-Forwarded-For): rate limits are per IP.
  app.set('trust proxy', config.http.trustProxy);
  app.disable('x-powered-by');
  app.use(securityHeaders());
  // Text answers gzip-encoded, files and ZIPs untouched (docs/product/rules.md#R430).
  app.use(compressTextResponses());
  app.enableCors(openReadsCors({
    origin: config.urls.web,
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: ['Content-Type', 'X-Request-Id', ...CREDENTIAL_HEADERS],
    exposedHeaders: ['Content-Disposition', 'X-Request-Id', 'Retry-After'],
    maxAge: 600,
  }));
  installBodyParsers(app, config);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  // First of every route's guards: it only notes the route's @ErrorShape for the filter.
  app.useGlobalGuards(new ErrorShapeGuard(app.get(Reflector)));
}

/**
 * The first layer of the HTTP server (docs/product/rules.md#R862): the catalogue's kept reads,
 * with the security headers and the open reads' CORS headers every later layer would have added,
 * their request line and their metrics.
 */
function installFrontReads(app: NestExpressApplication): void {
  const kept = app.get(KeptReads);
  const metrics = app.get(MetricsService);
  app.use(frontReads({
    answer: (req) => kept.answer(req),
    leadingHeaders: [...headersSetBy(securityHeaders()), ...OPEN_READ_CORS_HEADERS],
    observe: (method, route, status, seconds) => metrics.observeRequest(method, route, status, seconds),
    logger: app.get(RequestLogMiddleware).logger,
  }));
}

export interface CreateAppOptions {
  /** A layer to run before every other, the kept reads' included (the tests' read-your-writes barrier). */
  first?: (app: INestApplication) => Parameters<INestApplication['use']>[0];
}

/** Builds the configured application; `main.ts` and the integration tests share it. */
export async function createApp(config: Readonly<AppConfig>, options: CreateAppOptions = {}): Promise<INestApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(app.get(Logger));
  if (options.first) app.use(options.first(app));
  installFrontReads(app);
  configureHttp(app, config);
  app.enableShutdownHooks();

  // The route map is no business of the public in production, unless API_DOCS=true.
  if (config.http.docs) {
    const openApi = new DocumentBuilder()
      .setTitle('Outils — API')
      .setDescription('API de la bibliothèque d’outils : catalogue, comptes, favoris, téléchargements, administration. Les lectures publiques du catalogue (GET /api/tools, /api/filters, /api/tools/featured, /tools/{id ou slug}) et le catalogue ouvert DCAT-AP (GET /api/catalogue.jsonld, servi aussi en /catalogue.jsonld) sont ouvertes à toutes les origines (CORS), sans identifiants.')
      .setVersion('1.0')
      .build();
    SwaggerModule.setup(ApiRoutes.docs, app, () => SwaggerModule.createDocument(app, openApi));
  }
  return app;
}
