import { Transform } from 'class-transformer';
import { IsBooleanString, IsEmail, IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const url = { require_tld: false, require_protocol: true };

/**
 * Every environment variable the server side reads. Each one is documented in `.env.example`
 * (a unit test checks it) and nothing else in the code reads `process.env`.
 */
export class EnvDto {
  @IsOptional() @IsIn(['development', 'production', 'test']) NODE_ENV?: 'development' | 'production' | 'test';
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) API_PORT?: number;
  @IsOptional() @IsString() API_HOST?: string;
  @IsOptional() @IsUrl(url) API_URL?: string;
  @IsOptional() @IsUrl(url) WEB_URL?: string;
  @IsOptional() @IsString() DATABASE_URL?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(200) DATABASE_POOL_SIZE?: number;
  @IsOptional() @IsString() REDIS_URL?: string;
  /** Key prefix of BullMQ queues and rate-limit counters; one per test run. */
  @IsOptional() @IsString() @MinLength(1) REDIS_PREFIX?: string;
  @IsOptional() @IsString() SMTP_URL?: string;
  @IsOptional() @IsString() MAIL_FROM?: string;
  @IsOptional() @IsIn(['disk', 's3']) STORAGE_DRIVER?: 'disk' | 's3';
  @IsOptional() @IsString() STORAGE_DIR?: string;
  @IsOptional() @IsUrl(url) S3_ENDPOINT?: string;
  @IsOptional() @IsString() S3_REGION?: string;
  @IsOptional() @IsString() S3_BUCKET?: string;
  @IsOptional() @IsString() S3_ACCESS_KEY_ID?: string;
  @IsOptional() @IsString() S3_SECRET_ACCESS_KEY?: string;
  @IsOptional() @IsBooleanString() S3_FORCE_PATH_STYLE?: string;
  /** Secret used to sign download links; shared by every API replica. */
  @IsOptional() @IsString() @MinLength(32) DOWNLOAD_URL_SECRET?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(10) @Max(86400) DOWNLOAD_URL_TTL_SECONDS?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(1024) MAX_TOOL_FILE_MB?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(100) MAX_IMAGE_MB?: number;
  @IsOptional() @IsString() ADMIN_EMAIL?: string;
  @IsOptional() @IsString() ADMIN_PASSWORD?: string;
  @IsOptional() @IsString() MAILJET_API_KEY?: string;
  @IsOptional() @IsString() MAILJET_API_SECRET?: string;
  @IsOptional() @IsString() MAILJET_LIST_ID?: string;
  @IsOptional() @IsUrl(url) MAILJET_API_URL?: string;
  @IsOptional() @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) LOG_LEVEL?: string;
  /** Bearer token for `/metrics`; without it, metrics answer only to loopback callers. */
  @IsOptional() @IsString() METRICS_TOKEN?: string;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(65535) WORKER_HTTP_PORT?: number;
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(400) DOWNLOAD_LOG_RETENTION_MONTHS?: number;
  /** Set to `false` to turn rate limits off (benchmarks only). */
  @IsOptional() @IsBooleanString() RATE_LIMIT_ENABLED?: string;
  /** Proxies whose X-Forwarded-For is believed: a hop count, or addresses/subnets (docs/security.md). */
  @IsOptional() @IsString() TRUST_PROXY?: string;
  /** `true` serves the OpenAPI page (/api/docs) in production too. */
  @IsOptional() @IsBooleanString() API_DOCS?: string;
  /** Folder of the temporary files of uploads (default: the system's temporary folder). */
  @IsOptional() @IsString() UPLOAD_TMP_DIR?: string;
  /** An upload whose bytes stop coming for this long is answered 408 (docs/product/rules.md#R784). */
  @IsOptional() @Transform(toInt) @IsInt() @Min(1) @Max(600) UPLOAD_IDLE_SECONDS?: number;

  /** The tools' licence, in /catalogue.jsonld and on each sheet (docs/product/rules.md#R990). */
  @IsOptional() @IsString() @MaxLength(200) CATALOGUE_LICENCE_NAME?: string;
  @IsOptional() @IsUrl(url) CATALOGUE_LICENCE_URL?: string;

  // The publisher's legal identity (legal notice, terms, privacy policy, footer): required in
  // production, demonstration values elsewhere (load-config.ts).
  @IsOptional() @IsString() @MaxLength(200) PUBLISHER_NAME?: string;
  @IsOptional() @IsString() @MaxLength(100) PUBLISHER_LEGAL_FORM?: string;
  @IsOptional() @IsString() @MaxLength(100) PUBLISHER_SHARE_CAPITAL?: string;
  /** 14 digits, spaces allowed. */
  @IsOptional() @Matches(/^(\d\s?){13}\d$/, { message: 'PUBLISHER_SIRET must be 14 digits' }) PUBLISHER_SIRET?: string;
  @IsOptional() @IsString() @MaxLength(200) PUBLISHER_RCS?: string;
  @IsOptional() @IsString() @MaxLength(50) PUBLISHER_VAT_NUMBER?: string;
  @IsOptional() @IsString() @MaxLength(300) PUBLISHER_ADDRESS?: string;
  @IsOptional() @IsString() @MaxLength(50) PUBLISHER_PHONE?: string;
  @IsOptional() @IsEmail() PUBLISHER_EMAIL?: string;
  /** The publication director: a role ("le président de la société"), with a name if wished. */
  @IsOptional() @IsString() @MaxLength(200) PUBLICATION_DIRECTOR?: string;
  @IsOptional() @IsString() @MaxLength(200) HOSTING_NAME?: string;
  @IsOptional() @IsString() @MaxLength(300) HOSTING_ADDRESS?: string;
  @IsOptional() @IsString() @MaxLength(50) HOSTING_PHONE?: string;
  @IsOptional() @IsUrl({ require_protocol: true, protocols: ['https'] }) SOCIAL_LINKEDIN_URL?: string;
  @IsOptional() @IsUrl({ require_protocol: true, protocols: ['https'] }) SOCIAL_INSTAGRAM_URL?: string;
  @IsOptional() @IsUrl({ require_protocol: true, protocols: ['https'] }) SOCIAL_FACEBOOK_URL?: string;
}
