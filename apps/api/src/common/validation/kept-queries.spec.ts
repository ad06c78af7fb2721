import { ValidationPipe } from '@nestjs/common';
import { CatalogueMessages } from '@outils/contracts';
import { ToolsQueryDto } from '../../modules/tools/dto/tools-query.dto';
import { FieldValidationError } from '../errors/domain-error';
import { KEPT_QUERIES_PER_DTO } from './kept-queries';
import { createValidationPipe } from './validation.pipe';

/** The validations class-validator actually ran (the pipe's parent), as opposed to kept answers. */
const validations = () => jest.spyOn(ValidationPipe.prototype, 'transform');
const asQuery = { type: 'query', metatype: ToolsQueryDto } as const;

describe('kept validation of public queries (docs/product/rules.md#R837)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers an identical query without validating it again, with an equal copy the handler may change', async () => {
    const pipe = createValidationPipe();
    const spy = validations();
    const first = (await pipe.transform({ categories: ['2', '1'], page: '2' }, asQuery)) as ToolsQueryDto;
    first.categories.push(99);
    const second = (await pipe.transform({ categories: ['2', '1'], page: '2' }, asQuery)) as ToolsQueryDto;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(second).toBeInstanceOf(ToolsQueryDto);
    expect(second).not.toBe(first);
    expect({ ...second }).toEqual({ page: 2, categories: [2, 1], types: [], difficulties: [], onlyFavorites: false, accessibleOnly: false, max: undefined, q: undefined, sort: undefined });
  });

  it('validates a refused query every time, with the same French message', async () => {
    const pipe = createValidationPipe();
    const spy = validations();
    for (let i = 0; i < 2; i += 1) {
      const caught = await pipe.transform({ page: '0' }, asQuery).catch((error: unknown) => error);
      expect(caught).toBeInstanceOf(FieldValidationError);
      expect((caught as FieldValidationError).message).toBe(CatalogueMessages.invalidPage);
    }
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('keeps no query that carries credentials, nor bodies, nor DTOs not marked public', async () => {
    const pipe = createValidationPipe();
    const spy = validations();
    for (let i = 0; i < 2; i += 1) await pipe.transform({ storedMail: 'a@example.com', storedToken: 'secret' }, asQuery);
    for (let i = 0; i < 2; i += 1) await pipe.transform({ page: '3' }, { type: 'body', metatype: ToolsQueryDto });
    class Other {}
    for (let i = 0; i < 2; i += 1) await pipe.transform({ page: '3' }, { type: 'query', metatype: Other });
    expect(spy).toHaveBeenCalledTimes(6);
  });

  it('is bounded: past its size, the oldest query is validated again', async () => {
    const pipe = createValidationPipe();
    for (let page = 1; page <= KEPT_QUERIES_PER_DTO + 1; page += 1) await pipe.transform({ page: String(page) }, asQuery);
    const spy = validations();
    await pipe.transform({ page: String(KEPT_QUERIES_PER_DTO + 1) }, asQuery);
    await pipe.transform({ page: '1' }, asQuery);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
