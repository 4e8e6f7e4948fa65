// How a field's value reads in lists, show pages and CSV exports: refs by their label (a seeded
// label in the user's language), enums by their translated label, dates DD-MM-YYYY, times in the
// row's site's zone (its project's, else the company's) with the zone's abbreviation where it is
// not the browser's, money in the company currency, numbers with a unit as durations or days,
// '-' when missing.
import { lonLatPair, mapLinkOf } from "../../lib/place";
import { lazy, Suspense, type ReactNode } from "react";
import { Tag, theme } from "antd";
import { RESOURCE_BY_NAME, type ResolvedField, type ResolvedResource } from "../../../declaration";
import { i18n } from "../../i18n";
import { unitText } from "../../lib/duration";
import { MISSING, formatDate, formatMoney, formatNumber, formatPercent, formatText, formatTime, isMissing } from "../../lib/format";
import { zoneLabel, zoneOfRow, zoneOrDefault } from "../../lib/timeZones";
import { IconByName } from "../icons/IconByName";
import { iconLabel, useIconNames } from "../icons/iconNames";
import { enumLabelKey } from "../model";
import type { Formatting } from "../useCrud";
import { enumColor } from "./enumColors";
import { imagePath } from "./imageFolder";

const AuthImage = lazy(() => import("./AuthImage"));

type Row = Record<string, unknown>;

// Plain elements in the theme's colours: antd Typography would bring its copy/edit/ellipsis
// machinery (text areas, tooltips, clipboard) into every list.
function Secondary({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}

function TextLink({ href, external, children }: { href: string; external?: boolean; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <a href={href} style={{ color: token.colorLink }} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
      {children}
    </a>
  );
}

/** An icon's name in the user's language (loaded with the first one shown). */
function IconName({ name }: { name: string }) {
  useIconNames();
  return <Secondary>{iconLabel(name)}</Secondary>;
}

/** A record's label as read: a name the platform seeded in the user's language (ResourceDecl `seededLabels`), any other as stored. */
export function seededLabel(resource: string | undefined, label: string): string {
  const keys = resource ? RESOURCE_BY_NAME.get(resource)?.seededLabels : undefined;
  return keys ? i18n.t(`${keys}.${label}`, { defaultValue: label, nsSeparator: false }) : label;
}

/** The value as plain text (CSV, titles). */
export function valueText(r: ResolvedResource, f: ResolvedField, record: Row, fmt: Formatting): string {
  const v = record[f.name];
  if (f.unit && (f.type === "integer" || f.type === "number")) return unitText(v, f.unit, fmt.t) ?? MISSING;
  switch (f.type) {
    case "ref": {
      const label = record[`${f.name}_label`];
      return isMissing(label) ? formatText(v) : seededLabel(f.ref, String(label));
    }
    case "enum":
      return isMissing(v) ? MISSING : fmt.t(enumLabelKey(f, String(v)));
    case "boolean":
      return v === null || v === undefined ? MISSING : fmt.t(v === true || v === 1 || v === "true" ? "common.yes" : "common.no");
    case "date":
      return formatDate(v);
    case "datetime":
      return fmt.dateTime(v, zoneOfRow(r, record, fmt.zones));
    case "timezone":
      return isMissing(v) ? MISSING : zoneLabel(zoneOrDefault(v), fmt.lang);
    case "time":
      return formatTime(v);
    case "money":
      return formatMoney(v, fmt.lang, fmt.currency);
    case "percent":
      return formatPercent(v, fmt.lang);
    case "number":
      return formatNumber(v, fmt.lang, 6);
    case "integer":
      // Record ids are keys, not quantities: no thousands separators.
      return f.implicit ? formatText(v) : formatNumber(v, fmt.lang, 0);
    case "geo":
      return Array.isArray(v) && v.length === 2 ? `${v[0]}, ${v[1]}` : MISSING;
    case "json":
      return isMissing(v) ? MISSING : JSON.stringify(v);
    case "password":
      return MISSING;
    default:
      return formatText(v);
  }
}

/** The value as shown on screen. */
export function valueNode(r: ResolvedResource, f: ResolvedField, record: Row, fmt: Formatting): ReactNode {
  const v = record[f.name];
  switch (f.type) {
    case "ref":
      // A record with a page of its own (the project workspace) is a link to it.
      return !isMissing(v) && f.ref && RESOURCE_BY_NAME.get(f.ref)?.pages?.show ? (
        <TextLink href={`#/${f.ref}/show/${String(v)}`}>{valueText(r, f, record, fmt)}</TextLink>
      ) : (
        valueText(r, f, record, fmt)
      );
    case "enum":
      return isMissing(v) ? MISSING : <Tag color={enumColor(String(v))}>{valueText(r, f, record, fmt)}</Tag>;
    case "image":
      return isMissing(v) ? (
        MISSING
      ) : (
        <Suspense fallback={MISSING}>
          <AuthImage path={imagePath(r, f, String(v))} alt={fmt.label(f)} />
        </Suspense>
      );
    case "color":
      return isMissing(v) ? (
        MISSING
      ) : (
        <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
          <span aria-hidden style={{ width: 16, height: 16, borderRadius: 3, background: String(v), border: "1px solid rgba(0,0,0,.15)" }} />
          <Secondary>{String(v)}</Secondary>
        </span>
      );
    case "icon":
      return isMissing(v) ? (
        MISSING
      ) : (
        <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
          <IconByName name={String(v)} />
          <IconName name={String(v)} />
        </span>
      );
    case "geo": {
      // Longitude, latitude (as the text), opening on a map.
      const at = lonLatPair(v);
      return at ? (
        <TextLink href={mapLinkOf(at[0], at[1])} external>
          {valueText(r, f, record, fmt)}
        </TextLink>
      ) : (
        MISSING
      );
    }
    case "url":
      return isMissing(v) ? (
        MISSING
      ) : (
        <TextLink href={String(v)} external>
          {String(v)}
        </TextLink>
      );
    case "email":
      return isMissing(v) ? MISSING : <TextLink href={`mailto:${String(v)}`}>{String(v)}</TextLink>;
    case "text":
    case "json":
      return <span style={{ whiteSpace: "pre-wrap" }}>{valueText(r, f, record, fmt)}</span>;
    default:
      return valueText(r, f, record, fmt);
  }
}
