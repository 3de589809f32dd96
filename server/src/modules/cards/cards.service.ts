import {
  CARD_MESSAGES,
  CARD_SUGGESTIONS,
  isCardNumber,
  normaliseCardNumber,
  type Card,
  type CardLinkBody,
  type CardList,
  type CardListQuery,
  type CardStatusBody,
  type CardSuggestions,
  type UserCardBody,
  type UserCardDeleteQuery,
  type UserCards,
} from '@tamaq/contract/cards';
import type { Ok } from '@tamaq/contract/common';
import { worksWithPupilsOnly } from '@tamaq/contract/users';
import { msg } from '@tamaq/contract/zod';
import type { Actor } from '../../platform/auth/actors.ts';
import { scopeOf } from '../../platform/auth/scope.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db/client.ts';
import { conflict, isUniqueViolation, notFound, ValidationError } from '../../platform/http/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { createCardsRepository, type CardRow, type Reach } from './cards.repository.ts';

const toCard = (row: CardRow): Card => ({
  id: row.id,
  number: row.number,
  endless_use: row.endlessUse ? 'Y' : 'N',
  organizationId: row.organizationId,
  user: row.holderId !== null && row.holderName !== null ? { id: row.holderId, name: row.holderName } : null,
  created_at: row.createdAt.toISOString(),
});

/** Whom the actor reaches: their scope; a social teacher pupils only. */
const reachOf = (actor: Actor): Reach => ({ scope: scopeOf(actor), pupilsOnly: worksWithPupilsOnly(actor.role) });

const cardNotFound = () => notFound(CARD_MESSAGES.notFound);
const userNotFound = () => notFound(CARD_MESSAGES.userNotFound);

/** Payment cards (docs/domain.md "Cards"): a number unique across organizations, one holder at a time. */
export function createCardsService(platform: Pick<Platform, 'db' | 'now'>) {
  const repo = createCardsRepository(platform.db);

  /** The organization a card is registered in: the super admin names it, everybody else their own. */
  const organizationFor = async (actor: Actor, requested: number | null | undefined): Promise<number> => {
    if (actor.role !== 'SuperAdmin') {
      if (actor.organizationId === null) throw notFound(CARD_MESSAGES.organizationNotFound);
      return actor.organizationId;
    }
    if (!requested) throw ValidationError.field('organizationId', msg.required);
    if (!(await repo.organizationExists(requested))) {
      throw ValidationError.field('organizationId', CARD_MESSAGES.organizationNotFound);
    }
    return requested;
  };

  /** A live user and a card the caller reaches, of one organization; otherwise 404 as if missing. */
  const userAndCard = async (actor: Actor, userId: number, cardId: number, tx?: Db) => {
    const reach = reachOf(actor);
    const user = await repo.findUserInScope(userId, reach, tx);
    if (!user) throw userNotFound();
    const card = await repo.findInScope(cardId, reach, tx);
    if (!card || card.organizationId !== user.organizationId) throw cardNotFound();
    return { user, card };
  };

  return {
    async list(actor: Actor, { query, organizationId, limit, offset }: CardListQuery): Promise<CardList> {
      const reach = reachOf(actor);
      const { scope } = reach;
      const filter = {
        organizationId: scope.all ? (organizationId ?? null) : (scope.organizationId ?? -1),
        reach,
        query,
        numberQuery: query ? normaliseCardNumber(query) : undefined,
      };
      const { total, rows } = await repo.list(filter, limit, offset);
      return { total, rows: rows.map(toCard) };
    },

    /** Suggestions while a number is typed or scanned: cards of the caller's organization. */
    async search(actor: Actor, prefix: string): Promise<CardSuggestions> {
      if (actor.organizationId === null || !/^[A-Z0-9-]+$/.test(prefix)) return [];
      return (await repo.startingWith(actor.organizationId, prefix, CARD_SUGGESTIONS, reachOf(actor))).map(toCard);
    },

    async cardsOf(actor: Actor, userId: number): Promise<UserCards> {
      if (!(await repo.findUserInScope(userId, reachOf(actor)))) throw userNotFound();
      const rows = await repo.cardsOf(userId);
      return rows.map((r) => ({ id: r.id, number: r.number, endless_use: r.endlessUse ? 'Y' : 'N' }));
    },

    /** Gives a card to a user; the same card again to the same user is no change. */
    async link(actor: Actor, { userId, cardId }: UserCardBody): Promise<Card> {
      const card = await platform.db.transaction(async (tx) => {
        const { user, card } = await userAndCard(actor, userId, cardId, tx);
        const heldBy = (c: CardRow) => (c.holderId !== null && c.holderId !== user.id ? c.holderName : null);
        if (heldBy(card)) throw conflict(CARD_MESSAGES.heldBy(heldBy(card)!));
        if (card.holderId === user.id) return card;
        if (!(await repo.link(card.id, user.id, platform.now(), tx))) {
          const now = await repo.findInScope(card.id, reachOf(actor), tx);
          throw conflict(CARD_MESSAGES.heldBy(now?.holderName ?? ''));
        }
        await audit(tx, actor, {
          action: 'card_link',
          entity: 'card',
          entityId: card.id,
          organizationId: card.organizationId,
          before: { userId: card.holderId },
          after: { userId: user.id },
        });
        return (await repo.findInScope(card.id, reachOf(actor), tx))!;
      });
      return toCard(card);
    },

    async unlink(actor: Actor, { userId, cardId }: UserCardDeleteQuery): Promise<Ok> {
      await platform.db.transaction(async (tx) => {
        const { user, card } = await userAndCard(actor, userId, cardId, tx);
        if (!(await repo.unlink(card.id, user.id, tx))) throw notFound(CARD_MESSAGES.notLinked);
        await audit(tx, actor, {
          action: 'card_unlink',
          entity: 'card',
          entityId: card.id,
          organizationId: card.organizationId,
          before: { userId: user.id },
          after: { userId: null },
        });
      });
      return { success: true };
    },

    /**
     * Registers a number in an organization. Registering it again there answers the card it already
     * is; a number of another organization is refused, without saying which one.
     */
    async register(actor: Actor, body: CardLinkBody): Promise<Card> {
      const organizationId = await organizationFor(actor, body.organizationId);
      const { number } = body;
      if (!isCardNumber(number)) throw ValidationError.field('number', CARD_MESSAGES.invalidNumber);
      const existing = async () => {
        const card = await repo.findByNumber(number);
        if (card && card.organizationId !== organizationId) throw conflict(CARD_MESSAGES.otherOrganization);
        // A card held by somebody out of the caller's reach is not shown, holder and all.
        if (card && !(await repo.findInScope(card.id, reachOf(actor)))) throw conflict(CARD_MESSAGES.outOfReach);
        return card;
      };
      const found = await existing();
      if (found) return toCard(found);
      try {
        const row = await platform.db.transaction(async (tx) => {
          const id = await repo.insert(organizationId, number, tx);
          await audit(tx, actor, {
            action: 'card_create',
            entity: 'card',
            entityId: id,
            organizationId,
            after: { number },
          });
          return (await repo.findByNumber(number, tx))!;
        });
        return toCard(row);
      } catch (err) {
        // Somebody registered the same number a moment ago: answer as if it had been there first.
        if (!isUniqueViolation(err, 'cards_number_key')) throw err;
        const card = await existing();
        if (!card) throw err;
        return toCard(card);
      }
    },

    /** One-time ↔ endless (docs/domain.md), with the state before and after in the audit log. */
    async setStatus(actor: Actor, { cardId, endless_use }: CardStatusBody): Promise<Card> {
      const row = await platform.db.transaction(async (tx) => {
        const card = await repo.findInScope(cardId, reachOf(actor), tx);
        if (!card) throw cardNotFound();
        const endless = endless_use === 'Y';
        if (card.endlessUse === endless) return card;
        await repo.setEndlessUse(card.id, endless, tx);
        await audit(tx, actor, {
          action: 'card_status',
          entity: 'card',
          entityId: card.id,
          organizationId: card.organizationId,
          before: { endless_use: card.endlessUse ? 'Y' : 'N' },
          after: { endless_use },
        });
        return { ...card, endlessUse: endless };
      });
      return toCard(row);
    },
  };
}
