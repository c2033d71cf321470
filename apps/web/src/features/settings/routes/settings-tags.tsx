import { Button, Group, VisuallyHidden } from '@mantine/core';
import { formatDate } from '@paydesk/domain/format/date';
import { accountTagListQuery, type AccountTag } from '@paydesk/domain/tags/tags.contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type DataColumn } from '../../../components/data-table';
import { countOf, ListSection } from '../../../components/list-page';
import { useMerchantTimeZone } from '../../../lib/merchant-query';
import { notifySuccess } from '../../../lib/notify';
import { useListState } from '../../../lib/use-list-state';
import { useCreateTag, useDeleteTag, useRenameTag, useTags } from '../api/tags';
import { TagNameModal } from '../components/tag-name-modal';

/** /merchants/:merchantID/settings/tags: the account tags customers' accounts can carry; add, rename, remove. */
export function SettingsTagsRoute() {
  const { merchantID = '' } = useParams();
  const timeZone = useMerchantTimeZone(merchantID);
  const list = useListState(accountTagListQuery);
  const tags = useTags(merchantID, {
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
    ordering: list.ordering,
  });
  const createTag = useCreateTag(merchantID);
  const renameTag = useRenameTag(merchantID);
  const deleteTag = useDeleteTag(merchantID);
  const [editing, setEditing] = useState<{ tag: AccountTag | null } | null>(null);
  // Kept while the confirmation closes, so its text does not change mid-transition.
  const [tagToDelete, setTagToDelete] = useState<AccountTag | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const columns: DataColumn<AccountTag>[] = [
    { key: 'name', label: 'Name', primary: true, sort: list.sortOf('name'), render: (tag) => tag.name },
    {
      key: 'created',
      label: 'Created',
      sort: list.sortOf('created'),
      render: (tag) => formatDate(tag.created, { timeZone }),
    },
    {
      key: 'actions',
      label: 'Actions',
      header: <VisuallyHidden>Actions</VisuallyHidden>,
      actions: true,
      align: 'right',
      render: (tag) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            size="compact-sm"
            variant="subtle"
            aria-label={`Rename ${tag.name}`}
            onClick={() => setEditing({ tag })}
          >
            Rename
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            aria-label={`Remove ${tag.name}`}
            onClick={() => {
              setTagToDelete(tag);
              setConfirmingDelete(true);
            }}
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];

  const closeDelete = () => {
    deleteTag.reset();
    setConfirmingDelete(false);
  };

  return (
    <ListSection
      p="lg"
      search={{
        list,
        label: 'Search tags',
        hiddenLabel: true,
        placeholder: 'Search tags',
        w: { base: '100%', xs: 280 },
      }}
      count={countOf(tags.data, 'tag')}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ tag: null })}>
          Add tag
        </Button>
      }
      query={tags}
      loadingLabel="Loading tags"
      errorTitle="Tags could not be loaded"
      table={{ columns, rowKey: (tag) => tag.id, minWidth: 480 }}
      empty={list.search ? `No tags match “${list.search}”.` : 'No tags yet.'}
      pager={list.footer}
    >
      <TagNameModal
        opened={editing !== null}
        tag={editing?.tag ?? null}
        onSubmit={async (input) => {
          const tag = editing?.tag;
          if (tag) {
            const renamed = await renameTag.mutateAsync({ tagID: tag.id, input });
            notifySuccess(`Tag renamed to ${renamed.name}`);
          } else {
            const created = await createTag.mutateAsync(input);
            notifySuccess(`Tag ${created.name} added`);
          }
        }}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal
        opened={confirmingDelete}
        title="Remove tag?"
        confirmLabel="Remove tag"
        loading={deleteTag.isPending}
        error={deleteTag.error}
        onConfirm={() => {
          if (!tagToDelete) return;
          deleteTag.mutate(tagToDelete.id, {
            onSuccess: () => {
              setConfirmingDelete(false);
              notifySuccess(`Tag ${tagToDelete.name} removed`);
            },
          });
        }}
        onClose={closeDelete}
      >
        {`Are you sure you would like to remove ${tagToDelete?.name ?? ''}? Accounts that carry it lose it.`}
      </ConfirmModal>
    </ListSection>
  );
}
