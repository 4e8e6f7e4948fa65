// An issue's replies as a conversation (who and when, oldest first) with a box to add one
// (issue-reply list?issue_id=, and add through the tab's api/; saved or refused, useNotify says so).
import { useState } from "react";
import { Avatar, Button, Empty, Input, List, Space, Typography } from "antd";
import { UserOutlined } from "@ant-design/icons";
import { useList, useTranslate } from "@refinedev/core";
import { formatDateTime } from "../../../../lib/zonedTime";
import { useProjectZone } from "../../../../crud/useTimeZones";
import { useNotify } from "../../../../crud/useNotify";
import { addReply } from "./api/replyCalls";

type Row = Record<string, unknown>;

/** `projectId`: the issue's project, whose zone the replies' times are in. */
export function ReplyThread({ issueId, projectId }: { issueId: string | number; projectId: string | number }) {
  const t = useTranslate();
  const zone = useProjectZone(projectId);
  const [message, setMessage] = useState("");
  const { result, query } = useList<Row>({
    resource: "issue-reply",
    filters: [{ field: "issue_id", operator: "eq", value: issueId }],
    sorters: [{ field: "created_at", order: "asc" }],
    pagination: { mode: "off" },
    meta: { query: { issue_id: issueId } },
  });
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const replies = result?.data ?? [];
  const send = async () => {
    const text = message.trim();
    if (!text || sending) return;
    setSending(true);
    try {
      await addReply(Number(issueId), text);
      notify.saved();
      setMessage("");
      await query.refetch();
    } catch (e) {
      // The text stays for another try.
      notify.failed("saveFailed", e);
    } finally {
      setSending(false);
    }
  };
  return (
    <section aria-label={t("project.issues.replies")}>
      <Typography.Text strong>{t("project.issues.replies")}</Typography.Text>
      <List
        loading={query.isLoading}
        dataSource={replies}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("common.empty")} /> }}
        renderItem={(r) => (
          <List.Item>
            <List.Item.Meta
              avatar={<Avatar icon={<UserOutlined />} />}
              title={
                <Space>
                  <span>{String(r.user_id_label ?? t("common.missing"))}</span>
                  <Typography.Text type="secondary">{formatDateTime(r.created_at, zone)}</Typography.Text>
                </Space>
              }
              description={<span style={{ whiteSpace: "pre-wrap" }}>{String(r.message ?? "")}</span>}
            />
          </List.Item>
        )}
      />
      <Space.Compact style={{ width: "100%" }}>
        <Input.TextArea
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder={t("project.issues.replyPlaceholder")}
          aria-label={t("project.issues.reply")}
          autoSize={{ minRows: 1, maxRows: 4 }}
        />
        <Button type="primary" onClick={send} loading={sending} disabled={!message.trim()}>
          {t("project.issues.send")}
        </Button>
      </Space.Compact>
    </section>
  );
}
