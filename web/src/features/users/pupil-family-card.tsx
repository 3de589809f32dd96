import { ALLERGEN_NAMES, DIET_NAMES } from '@tamaq/contract/allergens';
import { Alert, App, Button, Card, Checkbox, Flex, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { i18n } from '../../i18n/texts.ts';
import { errorText } from '../../lib/api-client.ts';
import { useOrganizationTimeZone } from '../../lib/profile.ts';
import { formatVisitTime } from '../../lib/visit-time.ts';
import { useConfirmRestrictions, usePupilFamily, useUnlinkParent } from './api/pupil-family.ts';

const t = i18n.users.family;

/**
 * A pupil's family as the school sees it (docs/rules.md "Restrictions and allergens"): the food
 * restrictions the parents set, who set them and when, the school's mark that a medical certificate
 * confirms them; and the parents linked, how each is reached, and unlinking one (asked first).
 */
export function PupilFamilyCard({ pupilId }: { pupilId: number }) {
  const family = usePupilFamily(pupilId);
  const confirm = useConfirmRestrictions(pupilId);
  const unlink = useUnlinkParent(pupilId);
  const timeZone = useOrganizationTimeZone();
  const { message } = App.useApp();
  const r = family.data?.restrictions;
  const names = r ? [...r.allergens.map((a) => ALLERGEN_NAMES[a]), ...r.diets.map((d) => DIET_NAMES[d])] : [];
  return (
    <Card title={t.title} style={{ maxWidth: 880 }} data-testid="pupil-family">
      {family.isError && !family.data ? (
        <Alert type="error" showIcon title={t.loadFailed} description={errorText(family.error)} />
      ) : !family.data || !r ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <div data-testid="pupil-restrictions">
            <Typography.Title level={5}>{t.restrictions}</Typography.Title>
            {r.set_at === null || (names.length === 0 && !r.note) ? (
              <Typography.Text type="secondary">{t.noRestrictions}</Typography.Text>
            ) : (
              <Flex vertical gap={6}>
                <div>
                  {names.map((n) => (
                    <Tag key={n} color="red" style={{ marginBottom: 4 }}>
                      {n}
                    </Tag>
                  ))}
                </div>
                {r.note && <Typography.Text>«{r.note}»</Typography.Text>}
                <Typography.Text type="secondary">
                  {t.setBy(r.set_by ?? '—', formatVisitTime(r.set_at, timeZone))}
                </Typography.Text>
                <Checkbox
                  checked={r.confirmed !== null}
                  disabled={confirm.isPending}
                  onChange={(e) =>
                    confirm.mutate(e.target.checked, {
                      onSuccess: () => void message.success(t.confirmSaved),
                      onError: (err) => void message.error(errorText(err)),
                    })
                  }
                >
                  {t.certificate}
                </Checkbox>
                {r.confirmed && (
                  <Typography.Text type="secondary">
                    {t.confirmedBy(r.confirmed.by ?? '—', formatVisitTime(r.confirmed.at, timeZone))}
                  </Typography.Text>
                )}
              </Flex>
            )}
          </div>
          <div>
            <Typography.Title level={5}>{t.parents}</Typography.Title>
            {family.data.parents.length === 0 ? (
              <Typography.Text type="secondary">{t.noParents}</Typography.Text>
            ) : (
              <List
                size="small"
                dataSource={family.data.parents}
                data-testid="pupil-parents"
                renderItem={(p) => (
                  <List.Item
                    actions={[
                      <Popconfirm
                        key="unlink"
                        title={t.unlinkQuestion(p.name)}
                        okText={t.unlink}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          unlink.mutateAsync(p.id).then(
                            () => void message.success(t.unlinked(p.name)),
                            (err: unknown) => void message.error(errorText(err)),
                          )
                        }
                      >
                        <Button size="small" danger>
                          {t.unlink}
                        </Button>
                      </Popconfirm>,
                    ]}
                  >
                    <List.Item.Meta
                      title={p.name}
                      description={[p.email, t.since(formatVisitTime(p.since, timeZone).slice(0, 10))]
                        .filter(Boolean)
                        .join(' · ')}
                    />
                    <span>
                      {t.channels}: {p.channels.length === 0 && t.noChannels}
                      {p.channels.map((c) => (
                        <Tag key={c}>{c === 'email' ? 'e-mail' : c === 'push' ? 'push' : 'Telegram'}</Tag>
                      ))}
                    </span>
                  </List.Item>
                )}
              />
            )}
          </div>
        </Flex>
      )}
    </Card>
  );
}
