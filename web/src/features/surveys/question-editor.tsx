// One question of the survey builder (product.md sections 3 and 5): its title, kind, answer type, whether it
// is required and, for a choice question, its options; moved and deleted from its card's header. Changes go
// to the builder as pure functions of builder-logic.ts.
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ANSWER_TYPES_OF, MSG, QUESTION_KINDS, type QuestionKind } from '@hearth/contract';
import { Button, Card, Col, Form, Input, Popconfirm, Row, Select, Space, Switch, Tooltip } from 'antd';
import {
  ANSWER_TYPE_LABELS,
  addOption,
  type DraftCategory,
  type DraftQuestion,
  KIND_LABELS,
  moveQuestion,
  type QuestionPatch,
  removeOption,
  removeQuestion,
  updateOption,
  updateQuestion,
} from './builder-logic';

const KIND_OPTIONS = QUESTION_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }));

type QuestionProps = {
  question: DraftQuestion;
  index: number;
  count: number;
  readOnly: boolean;
  titleError?: string;
  optionsError?: string;
  /** Applies a change to the categories, given this question's category and question index. */
  onEdit: (next: (cats: DraftCategory[], ci: number, qi: number) => DraftCategory[]) => void;
};

export function QuestionEditor(p: QuestionProps) {
  const { question: q, index, readOnly, onEdit } = p;
  const onChange = (patch: QuestionPatch) => onEdit((cats, ci, qi) => updateQuestion(cats, ci, qi, patch));
  const onMove = (by: -1 | 1) => onEdit((cats, ci, qi) => moveQuestion(cats, ci, qi, by));
  const onRemoveOption = (oi: number) => onEdit((cats, ci, qi) => removeOption(cats, ci, qi, oi));
  const id = (field: string) => `survey-q-${q.key}-${field}`;
  const n = index + 1;
  return (
    <Card
      size="small"
      className="survey-builder-question"
      title={`Question ${n}`}
      extra={
        !readOnly && (
          <Space size={4}>
            <Tooltip title="Move up">
              <Button
                size="small"
                icon={<ArrowUpOutlined aria-hidden />}
                aria-label={`Move question ${n} up`}
                disabled={index === 0}
                onClick={() => onMove(-1)}
              />
            </Tooltip>
            <Tooltip title="Move down">
              <Button
                size="small"
                icon={<ArrowDownOutlined aria-hidden />}
                aria-label={`Move question ${n} down`}
                disabled={index === p.count - 1}
                onClick={() => onMove(1)}
              />
            </Tooltip>
            <Popconfirm
              title={MSG.deleteQuestionConfirm}
              okText="Delete"
              okButtonProps={{ danger: true }}
              cancelText="Cancel"
              onConfirm={() => onEdit(removeQuestion)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Delete question ${n}`}
              />
            </Popconfirm>
          </Space>
        )
      }
    >
      <Row gutter={[12, 0]}>
        <Col xs={24}>
          <Form.Item
            label="Question title"
            htmlFor={id('title')}
            required
            validateStatus={p.titleError ? 'error' : undefined}
            help={p.titleError}
          >
            <Input
              id={id('title')}
              value={q.title}
              maxLength={500}
              aria-invalid={p.titleError ? true : undefined}
              onChange={(e) => onChange({ title: e.target.value })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item label="Question kind" htmlFor={id('kind')}>
            <Select<QuestionKind>
              id={id('kind')}
              value={q.kind}
              options={KIND_OPTIONS}
              onChange={(kind) => onChange({ kind })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={16} md={9}>
          <Form.Item label="Answer type" htmlFor={id('type')}>
            <Select
              id={id('type')}
              value={q.answerType}
              options={ANSWER_TYPES_OF[q.kind].map((t) => ({ value: t, label: ANSWER_TYPE_LABELS[t] }))}
              onChange={(answerType) => onChange({ answerType })}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={8} md={6}>
          <Form.Item label="Required" htmlFor={id('required')}>
            <Switch
              id={id('required')}
              checked={q.required}
              onChange={(required) => onChange({ required })}
            />
          </Form.Item>
        </Col>
      </Row>
      {q.kind === 'options_question' && (
        <Form.Item
          label="Options"
          required
          validateStatus={p.optionsError ? 'error' : undefined}
          help={p.optionsError}
        >
          {q.options.map((o, oi) => (
            <div className="survey-builder-option" key={o.key}>
              <Input
                value={o.value}
                maxLength={300}
                aria-label={`Option ${oi + 1}`}
                placeholder={`Option ${oi + 1}`}
                aria-invalid={p.optionsError ? true : undefined}
                onChange={(e) => onEdit((cats, ci, qi) => updateOption(cats, ci, qi, oi, e.target.value))}
              />
              {!readOnly && (
                <Button
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`Remove option ${oi + 1}`}
                  onClick={() => onRemoveOption(oi)}
                />
              )}
            </div>
          ))}
          {!readOnly && (
            <Button type="dashed" icon={<PlusOutlined aria-hidden />} onClick={() => onEdit(addOption)}>
              Add option
            </Button>
          )}
        </Form.Item>
      )}
    </Card>
  );
}
