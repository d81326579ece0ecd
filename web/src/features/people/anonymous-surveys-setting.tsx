// The anonymous surveys' setting (ADR 035), on the administrators' settings screen beside the profile
// fields: the smallest location or department group whose results an anonymous survey's report shows.
import {
  type AnonymousSurveysSetting,
  DEFAULT_MIN_GROUP_SIZE,
  MSG,
  surveysEndpoints,
} from '@hearth/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, InputNumber, Skeleton, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { isApiError } from '../../lib/api';
import { call } from '../../lib/endpoint-client';
import { toastError, toastSuccess } from '../../lib/notify';
import { LoadError } from '../../lib/query-states';
import { anonymousSurveysSettingQuery } from './queries';

function useAnonymousSurveysSetting() {
  return useQuery(anonymousSurveysSettingQuery());
}

function useSaveAnonymousSurveysSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnonymousSurveysSetting) =>
      call(surveysEndpoints.updateAnonymousSurveysSetting, { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(anonymousSurveysSettingQuery().queryKey, saved);
      // Open survey reports show their splits by the new size.
      return queryClient.invalidateQueries({ queryKey: ['reports'] });
    },
  });
}

export function AnonymousSurveysSettingCard() {
  const setting = useAnonymousSurveysSetting();
  const save = useSaveAnonymousSurveysSetting();
  const [draft, setDraft] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const helpId = useId();
  useEffect(() => {
    if (setting.data) setDraft(setting.data.minGroupSize);
  }, [setting.data]);

  let body = <Skeleton active paragraph={{ rows: 2 }} />;
  if (setting.isError) body = <LoadError error={setting.error} onRetry={() => setting.refetch()} />;
  else if (setting.data)
    body = (
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (draft === null || !Number.isInteger(draft) || draft < 2 || draft > 100) {
            setError(MSG.minGroupSizeInvalid);
            return;
          }
          setError(null);
          save.mutate(
            { minGroupSize: draft },
            {
              onSuccess: () => toastSuccess(MSG.anonymousSurveysSaved),
              onError: (err) => {
                const field = isApiError(err) ? err.fields?.minGroupSize : undefined;
                if (field) setError(field);
                else toastError(err);
              },
            },
          );
        }}
      >
        <label htmlFor={inputId} className="anonymous-setting-label">
          Smallest group shown in results by location or department
        </label>
        <InputNumber
          id={inputId}
          min={2}
          max={100}
          precision={0}
          value={draft}
          onChange={(v) => setDraft(typeof v === 'number' ? v : null)}
          status={error ? 'error' : undefined}
          aria-describedby={helpId}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <Typography.Text type="danger" role="alert" className="anonymous-setting-error">
            {error}
          </Typography.Text>
        )}
        <p className="person-empty" id={helpId}>
          Reports of anonymous surveys show a location or department only when at least this many people in it
          answered (default {DEFAULT_MIN_GROUP_SIZE}). Smaller groups are merged into one "Other" row, hidden
          too when it is smaller than this. A survey keeps the size it was published with: a change applies to
          surveys published after it.
        </p>
        <div className="profile-fields-actions">
          {/* Named apart from the profile fields' Save on the same page. */}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save group size
          </Button>
        </div>
      </form>
    );
  return <Card title={<h2 className="anonymous-setting-title">Anonymous surveys</h2>}>{body}</Card>;
}
