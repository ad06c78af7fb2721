import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, MinLength } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const url = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };

/**
 * Every environment variable the web server reads (apps/web-server, docs/product/rules.md#R833);
 * each one is documented in `.env.example` (a unit test checks it).
 */
export class WebServerEnvDto {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: 'development' | 'production' | 'test';
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) WEB_PORT?: number;
  /** The address it listens on (docs/product/rules.md#R801). */
  @IsOptional() @IsString() @MinLength(1) WEB_HOST?: string;
  /** The web build it serves (index.html, assets/, the renderer in server/). */
  @IsOptional() @IsString() @MinLength(1) WEB_DIST_DIR?: string;
  /** The API's public URL, written to /config.js for browsers. */
  @IsOptional() @IsUrl(url) API_URL?: string;
  /** Used for API_URL's default only (http://localhost:API_PORT). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) API_PORT?: number;
  /** Where the web server itself reaches the API (heads, statuses, sitemap, first screens); API_URL by default. */
  @IsOptional() @IsUrl(url) API_INTERNAL_URL?: string;
  @IsOptional() @IsUrl(url) ANALYTICS_SCRIPT_URL?: string;
  /** A host name (with a port at most): the audience script loads only there (docs/product/rules.md#R172). */
  @IsOptional() @Matches(/^[a-z0-9.-]+(?::\d{1,5})?$/i, { message: 'PRODUCTION_HOST must be a host name, such as outils.example.fr' }) PRODUCTION_HOST?: string;
  @IsOptional() @IsString() TRUST_PROXY?: string;
  /** Megabytes of guests' rendered pages kept (docs/product/rules.md#R889). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(4096) WEB_KEPT_PAGES_MB?: number;
  /** The longest a rendered page is kept while the catalogue does not change. */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(86_400) WEB_KEPT_PAGE_MAX_AGE_SECONDS?: number;
  /** New pages one network may have rendered per minute (docs/product/rules.md#R834). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1_000_000) WEB_RENDERS_PER_NETWORK_PER_MINUTE?: number;
}
