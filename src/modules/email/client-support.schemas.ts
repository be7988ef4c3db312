import { Type } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../shared/schemas.js';

/*
 * The official client's EmailFeature* models. Feature, family and platform are caniemail.com
 * slugs: the client lists the ones it knew when generated, caniemail has added more since (such
 * as css-variables or html-svg's neighbours), so they are strings here as they are on the wire.
 */
const Status = StringEnum(['SUPPORTED', 'PARTIAL', 'NOT_SUPPORTED', 'UNKNOWN'] as const);
const FeatureSlug = Type.String({ description: 'caniemail.com feature slug, such as css-display-flex' });

export const EmailFeatureFamilyName = Type.Object(
  { slug: Type.String({ description: 'caniemail family slug, such as gmail' }), name: Type.String() },
  { $id: 'EmailFeatureFamilyName' },
);
export const EmailFeaturePlatformName = Type.Object(
  { slug: Type.String({ description: 'caniemail platform slug, such as desktop-webmail' }), name: Type.String() },
  { $id: 'EmailFeaturePlatformName' },
);
export const EmailFeatureCategoryName = Type.Object(
  { slug: StringEnum(['css', 'html', 'image', 'others'] as const), name: Type.String() },
  { $id: 'EmailFeatureCategoryName' },
);
export const EmailFeatureNames = Type.Object(
  {
    family: Type.Array(Type.Ref(EmailFeatureFamilyName)),
    platform: Type.Array(Type.Ref(EmailFeaturePlatformName)),
    category: Type.Array(Type.Ref(EmailFeatureCategoryName)),
  },
  { $id: 'EmailFeatureNames', description: 'display names of the families, platforms and categories in this result' },
);

export const EmailFeatureSupportFlags = Type.Object(
  {
    status: Status,
    notes: Type.Optional(Nullable(Type.Array(Type.String(), { description: "caniemail's notes for this client, as text" }))),
  },
  { $id: 'EmailFeatureSupportFlags' },
);
export const EmailFeatureVersionStatistics = Type.Object(
  {
    version: Type.String({ description: 'empty: the status is that of the newest version caniemail tested, which the data source does not name' }),
    supportFlags: Type.Ref(EmailFeatureSupportFlags),
  },
  { $id: 'EmailFeatureVersionStatistics' },
);
export const EmailFeaturePlatformStatistics = Type.Object(
  { platform: Type.String(), versions: Type.Array(Type.Ref(EmailFeatureVersionStatistics)) },
  { $id: 'EmailFeaturePlatformStatistics' },
);
export const EmailFeatureFamilyStatistics = Type.Object(
  { feature: FeatureSlug, family: Type.String(), platforms: Type.Array(Type.Ref(EmailFeaturePlatformStatistics)) },
  { $id: 'EmailFeatureFamilyStatistics' },
);

export const EmailFeatureOverview = Type.Object(
  {
    feature: FeatureSlug,
    title: Type.Optional(Nullable(Type.String())),
    description: Type.Optional(Nullable(Type.String({ description: 'always null: the data source does not carry it' }))),
    category: Type.Optional(StringEnum(['css', 'html', 'image', 'others'] as const)),
    notes: Type.Optional(Nullable(Type.String({ description: 'always null: per-client notes are in each supportFlags' }))),
    notesNumbers: Type.Optional(Nullable(Type.Record(Type.String(), Type.String(), { description: 'always null: the data source does not number its notes' }))),
    featureStatistics: Type.Optional(Nullable(Type.Array(Type.Ref(EmailFeatureFamilyStatistics)))),
    statuses: Type.Array(Status, { description: 'the statuses this feature has across the clients' }),
  },
  { $id: 'EmailFeatureOverview' },
);
export const EmailFeatureSupportStatusPercentage = Type.Object(
  { status: Status, percentage: Type.Number({ description: 'share of (feature, client) pairs with this status' }) },
  { $id: 'EmailFeatureSupportStatusPercentage' },
);
export const EmailFeatureSupportResult = Type.Object(
  {
    names: Type.Ref(EmailFeatureNames),
    detectedFeatures: Type.Array(FeatureSlug),
    featureOverviews: Type.Array(Type.Ref(EmailFeatureOverview)),
    featurePercentages: Type.Array(Type.Ref(EmailFeatureSupportStatusPercentage)),
  },
  { $id: 'EmailFeatureSupportResult' },
);

export const CheckEmailBodyFeatureSupportResults = Type.Object(
  { result: Type.Ref(EmailFeatureSupportResult) },
  { $id: 'CheckEmailBodyFeatureSupportResults' },
);
export const CheckEmailClientSupportOptions = Type.Object(
  { emailBody: Type.String({ description: 'the HTML to check' }) },
  { $id: 'CheckEmailClientSupportOptions' },
);
export const CheckEmailClientSupportResults = Type.Object(
  { result: Type.Ref(EmailFeatureSupportResult) },
  { $id: 'CheckEmailClientSupportResults' },
);

export const clientSupportModelSchemas = [
  EmailFeatureFamilyName, EmailFeaturePlatformName, EmailFeatureCategoryName, EmailFeatureNames,
  EmailFeatureSupportFlags, EmailFeatureVersionStatistics, EmailFeaturePlatformStatistics, EmailFeatureFamilyStatistics,
  EmailFeatureOverview, EmailFeatureSupportStatusPercentage, EmailFeatureSupportResult,
  CheckEmailBodyFeatureSupportResults, CheckEmailClientSupportOptions, CheckEmailClientSupportResults,
];
