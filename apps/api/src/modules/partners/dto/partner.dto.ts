import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CommonMessages, PartnerMessages } from '@outils/contracts';
import { Rule } from '../../../common/validation/decorators';
import { UUID_EXACT } from '../../../common/validation/patterns';
import { normaliseHostRule } from '../host-rules';

const LABELS = { name: 'Nom', logoUrl: 'Logo', website: 'Site web', contactEmail: 'E-mail de contact', allowedHosts: 'Sites autorisés' } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_HOSTS = 20;

const text = (label: string, max: number, required: boolean) => (value: unknown) => {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) return required ? CommonMessages.required(label) : undefined;
  if (typeof value !== 'string') return CommonMessages.invalidValue(label);
  return value.trim().length > max ? CommonMessages.tooLong(label, max) : undefined;
};
const webAddress = (label: string, required: boolean) => (value: unknown) => {
  const problem = text(label, 500, required)(value);
  if (problem || value === undefined || value === null || (value as string).trim() === '') return problem;
  try {
    const url = new URL((value as string).trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : CommonMessages.invalidValue(label);
  } catch {
    return CommonMessages.invalidValue(label);
  }
};

/** A partner as the admin's form sends it (docs/product/rules.md#R993). */
export class PartnerDto {
  @ApiProperty({ example: 'CCI Lyon Métropole' })
  @Rule(text(LABELS.name, 120, true))
  name: string;

  @ApiPropertyOptional({ example: 'https://www.cci.fr/logo.png', nullable: true })
  @Rule(webAddress(LABELS.logoUrl, false))
  logoUrl?: string | null;

  @ApiProperty({ example: 'https://www.cci.fr' })
  @Rule(webAddress(LABELS.website, true))
  website: string;

  @ApiProperty({ example: 'numerique@cci.fr' })
  @Rule((value) => text(LABELS.contactEmail, 254, true)(value) ?? (EMAIL.test(String(value).trim()) ? undefined : CommonMessages.invalidEmail))
  contactEmail: string;

  @ApiProperty({ type: [String], example: ['www.cci.fr', '*.cci.fr'] })
  @Rule((value) => {
    if (!Array.isArray(value)) return CommonMessages.invalidValue(LABELS.allowedHosts);
    if (value.length > MAX_HOSTS) return CommonMessages.invalidValue(LABELS.allowedHosts);
    const bad = value.find((host) => typeof host !== 'string' || normaliseHostRule(host) === null);
    return bad === undefined ? undefined : PartnerMessages.invalidHost(String(bad).slice(0, 80));
  })
  allowedHosts: string[];
}

export class UpdatePartnerDto extends PartnerDto {
  @ApiProperty({ format: 'uuid' })
  @Rule((value) => (typeof value === 'string' && UUID_EXACT.test(value) ? undefined : PartnerMessages.notFound))
  id: string;
}

export class PartnerIdDto {
  @ApiProperty({ format: 'uuid' })
  @Rule((value) => (typeof value === 'string' && UUID_EXACT.test(value) ? undefined : PartnerMessages.notFound))
  id: string;
}
