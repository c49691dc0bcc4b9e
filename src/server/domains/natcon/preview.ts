import type { DB } from '../../platform/db';
import { kolkataDate } from '../../../lib/financial-year';
import { currentPrice, gstOn } from '../../../lib/natcon';
import type { PricePreview, PricePreviewBody } from '../../../lib/schemas/natcon';
import type { FieldErrors } from '../../../lib/envelope';
import { invalid, notFound } from '../errors';
import { previewCoupon } from '../money';
import { currentEdition } from './editions';
import { natconGstPercent } from './gst';

/**
 * What an order would cost today before it is placed (issue 28): each delegate at today's fee of
 * their category, the coupon's discount (checked as the order would check it, without using it:
 * 400 `fields.coupon` says why it cannot be used), GST and the total. The order itself prices again
 * in its own transaction; this is what the form shows.
 */
export async function pricePreview(db: DB, body: PricePreviewBody, now: Date): Promise<PricePreview> {
  const edition = body.editionId
    ? await db
        .selectFrom('natcon_editions')
        .select('id')
        .where('id', '=', body.editionId)
        .where('published', '=', 1)
        .executeTakeFirst()
    : await currentEdition(db);
  if (!edition) throw notFound('There is no NATCON edition open for registration.');
  const today = kolkataDate(now);
  const categories = new Map(
    (await db.selectFrom('natcon_categories').selectAll().where('edition_id', '=', edition.id).execute()).map((c) => [
      c.id,
      c,
    ]),
  );
  const fields: FieldErrors = {};
  if (!categories.has(body.categoryId)) fields.categoryId = 'Choose a category of this conference.';
  let subtotal = 0;
  body.delegates.forEach((delegate, index) => {
    const category = categories.get(delegate.categoryId ?? body.categoryId);
    if (!category) {
      if (delegate.categoryId !== undefined)
        fields[`delegates.${index}.categoryId`] = 'Choose a category of this conference.';
      return;
    }
    subtotal += currentPrice(
      { fee: category.fee, earlyBirdFee: category.early_bird_fee, earlyBirdUntil: category.early_bird_until },
      today,
    );
  });
  if (Object.keys(fields).length) throw invalid(fields);
  const coupon = body.coupon?.trim()
    ? await previewCoupon(db, { code: body.coupon, scope: 'natcon', amount: subtotal, on: today })
    : null;
  const discount = coupon?.discount ?? 0;
  const gstPercent = await natconGstPercent(db);
  const gst = gstOn(subtotal - discount, gstPercent);
  return {
    subtotal,
    discount,
    couponCode: coupon?.code ?? null,
    gstPercent,
    gst,
    total: subtotal - discount + gst,
  };
}
