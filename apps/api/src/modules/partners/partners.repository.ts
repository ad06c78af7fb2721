import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { changedCount, changedRows } from '@outils/server-db';
import type { Partner, PartnerInput } from '@outils/contracts';

interface PartnerRow {
  id: string;
  name: string;
  logo_url: string | null;
  website: string;
  contact_email: string;
  allowed_hosts: string[];
  created_at: Date;
}

const toPartner = (row: PartnerRow): Partner => ({
  id: row.id,
  name: row.name,
  logoUrl: row.logo_url,
  website: row.website,
  contactEmail: row.contact_email,
  allowedHosts: row.allowed_hosts,
  createdAt: new Date(row.created_at).toISOString(),
});

const COLUMNS = 'id, name, logo_url, website, contact_email, allowed_hosts, created_at';

/** The partners (docs/product/rules.md#R993). */
@Injectable()
export class PartnersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async list(): Promise<Partner[]> {
    const rows: PartnerRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM partner ORDER BY lower(name), id`);
    return rows.map(toPartner);
  }

  async find(id: string): Promise<Partner | null> {
    const rows: PartnerRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM partner WHERE id = $1::uuid`, [id]);
    return rows[0] ? toPartner(rows[0]) : null;
  }

  async insert(input: Required<PartnerInput>): Promise<Partner> {
    const rows: PartnerRow[] = await this.dataSource.query(
      `INSERT INTO partner (name, logo_url, website, contact_email, allowed_hosts) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [input.name, input.logoUrl, input.website, input.contactEmail, input.allowedHosts],
    );
    return toPartner(rows[0]);
  }

  async update(id: string, input: Required<PartnerInput>): Promise<Partner | null> {
    const rows = await changedRows<PartnerRow>(this.dataSource,
      `UPDATE partner SET name = $2, logo_url = $3, website = $4, contact_email = $5, allowed_hosts = $6, updated_at = now()
       WHERE id = $1::uuid RETURNING ${COLUMNS}`,
      [id, input.name, input.logoUrl, input.website, input.contactEmail, input.allowedHosts],
    );
    return rows[0] ? toPartner(rows[0]) : null;
  }

  async delete(id: string): Promise<boolean> {
    const count = await changedCount(this.dataSource, `DELETE FROM partner WHERE id = $1::uuid`, [id]);
    return count > 0;
  }

  /**
   * A kit's name and its tools' ids in the kit's order (docs/product/rules.md#R1007): only a shared
   * folder an admin marked as a kit (docs/product/rules.md#R540); null for any other token.
   */
  async kit(token: string): Promise<{ name: string; toolIds: number[] } | null> {
    const rows: Array<{ name: string; tool_ids: Array<number | null> }> = await this.dataSource.query(
      `SELECT f.name, array_agg(i.tool_id ORDER BY i.position, i.id) AS tool_ids
         FROM tool_folder f LEFT JOIN tool_folder_item i ON i.folder_id = f.id
        WHERE f.share_token = $1 AND f.is_kit GROUP BY f.id, f.name`,
      [token],
    );
    return rows[0] ? { name: rows[0].name, toolIds: rows[0].tool_ids.filter((id): id is number => id !== null).map(Number) } : null;
  }
}
