import { Injectable } from '@nestjs/common';
import type { NamedRef, SuggestionsResponse } from '@outils/contracts';
import { ToolsRepository } from '../tools.repository';
import { buildPlan, fold, highlights, SearchPlan, searchWords } from './search-plan';

/** Tools and topics offered under the search box. */
export const SUGGESTED_TOOLS = 6;
export const SUGGESTED_TOPICS = 3;

/** A tool offered under the search box. */
export interface SuggestedTool {
  id: number;
  slug: string;
  name: string;
}

/** The plan of a text and its best matches (at most `SUGGESTED_TOOLS`); undefined when the text holds no word. */
export type BestMatches = (text: string, strict: boolean) => Promise<{ plan: SearchPlan; tools: SuggestedTool[] } | undefined>;

/**
 * The search's use cases (docs/product/rules.md#R600–R603): a visitor's text turned into a
 * `SearchPlan` (one dictionary look-up for all its words), and the suggestions under the box.
 */
@Injectable()
export class ToolSearchService {
  constructor(private readonly tools: ToolsRepository) {}

  /** The plan of a search; undefined when the text holds no word (the listing is then unsearched). */
  async plan(text: string | undefined, strict = true): Promise<SearchPlan | undefined> {
    if (!text) return undefined;
    const { words, excluded } = searchWords(text);
    if (!words.length) return undefined;
    return buildPlan(words, excluded, await this.tools.lookupWords(words), strict);
  }

  /**
   * Tools (best matches first) and topics whose name has a word beginning with a typed word, the
   * matched parts as offsets. Nothing found as typed: the closest, through the nearest known words.
   */
  async suggestions(text: string, topics: NamedRef[], best: BestMatches = this.bestFromDatabase): Promise<SuggestionsResponse> {
    const strict = await best(text, true);
    if (!strict) return { tools: [], topics: [], closest: false };
    const found = this.answer(strict.plan, strict.tools, topics);
    if (found.tools.length || found.topics.length) return { ...found, closest: false };
    const loose = await best(text, false);
    return { ...(loose ? this.answer(loose.plan, loose.tools, topics) : found), closest: true };
  }

  /** The best matches of a text by the database (when the read model cannot answer). */
  readonly bestFromDatabase: BestMatches = async (text, strict) => {
    const plan = await this.plan(text, strict);
    return plan && { plan, tools: await this.tools.suggestTools(plan, SUGGESTED_TOOLS) };
  };

  private answer(plan: SearchPlan, tools: SuggestedTool[], topics: NamedRef[]): Omit<SuggestionsResponse, 'closest'> {
    const words = plan.terms.flatMap((t) => [t.folded, ...t.alternatives]);
    const matchingTopics = topics
      .map((topic) => ({ ...topic, highlights: highlights(topic.name, words) }))
      .filter((topic) => topic.highlights.length > 0 && plan.terms.every((t) => beginsAWord(topic.name, [t.folded, ...t.alternatives])))
      .slice(0, SUGGESTED_TOPICS);
    return {
      tools: tools.map((tool) => ({ id: tool.id, slug: tool.slug, name: tool.name, highlights: highlights(tool.name, words) })),
      topics: matchingTopics,
    };
  }
}

const beginsAWord = (name: string, words: string[]) => {
  const folded = fold(name).split(/[^\p{L}\p{N}]+/u);
  return words.some((w) => folded.some((part) => part.startsWith(w)));
};
