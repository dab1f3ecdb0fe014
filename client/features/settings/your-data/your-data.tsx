import { useRef, useState, type ChangeEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { i18n } from '../../../i18n/i18n.js';
import { importText } from '../../../i18n/import-text.js';
import { opErrorText } from '../../../i18n/op-error-text.js';
import { CSV_COLUMNS } from '../../../../shared/export/csv.js';
import { ImportFileError } from '../../../../shared/export/format.js';
import { problemRowCount, skippingProblemRows, type ImportCounts } from '../../../../shared/export/import-plan.js';
import { Checkbox } from '../../../components/fields.js';
import { Button } from '../../../components/button.js';
import type { ToyDatabase } from '../../../db/database.js';
import { OpError } from '../../../db/ops/index.js';
import type { ShowMessage } from '../../../hooks/use-timed-message.js';
import { buildExport, prepareImport, runImport, type PreparedImport, type Progress } from './your-data-files.js';

function readable(error: unknown): string {
  if (error instanceof ImportFileError) return importText(error.words);
  if (error instanceof OpError) return opErrorText(error);
  console.error(error);
  return i18n.t('settings:yourData.readFailed');
}

function ProgressLine({ progress }: { progress: Progress }) {
  return (
    <div className="tr-data__progress" role="status">
      <progress max={progress.total} value={progress.done} />
      <span>{progress.step}</span>
    </div>
  );
}

/** The counts of a planned import, as the preview shows them. */
function Counts({ counts }: { counts: ImportCounts }) {
  const { t } = useTranslation('settings');
  const merged = (what: string, n: number) => (n ? t('yourData.counts.merged', { what, merged: n }) : what);
  const lines = [
    t('yourData.counts.toysAdded', { count: counts.toysAdded }),
    counts.toysUpdated > 0 && t('yourData.counts.toysUpdated', { count: counts.toysUpdated }),
    counts.toysUnchanged > 0 && t('yourData.counts.toysUnchanged', { count: counts.toysUnchanged }),
    counts.toysAlreadyThere > 0 && t('yourData.counts.toysAlreadyThere', { count: counts.toysAlreadyThere }),
    merged(t('yourData.counts.categoriesAdded', { count: counts.categoriesAdded }), counts.categoriesMerged),
    merged(t('yourData.counts.collectionsAdded', { count: counts.collectionsAdded }), counts.collectionsMerged),
    counts.rotationsAdded > 0 && t('yourData.counts.rotations', { count: counts.rotationsAdded }),
    counts.childrenAdded + counts.childrenMerged > 0 && merged(t('yourData.counts.childrenAdded', { count: counts.childrenAdded }), counts.childrenMerged),
    counts.photos > 0 && t('yourData.counts.photos', { count: counts.photos }),
  ].filter(Boolean) as string[];
  return (
    <ul className="tr-data__counts">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** Settings -> Your data: export everything as a zip; import an export zip or a CSV (decision 020). */
export function YourData({ db, onMessage }: { db: ToyDatabase; onMessage: ShowMessage }) {
  const { t } = useTranslation('settings');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [exportNote, setExportNote] = useState<{ text: string; complete: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<PreparedImport | null>(null);
  const [busy, setBusy] = useState<'export' | 'read' | 'import' | null>(null);
  // All-or-nothing unless the parent chooses, in the preview, to leave the problem rows out.
  const [skipRows, setSkipRows] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function exportData() {
    setBusy('export');
    setError(null);
    setExportNote(null);
    try {
      const result = await buildExport(db, { onProgress: setProgress });
      const url = URL.createObjectURL(result.blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = result.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      const complete = result.missingPhotos.length === 0;
      setExportNote({
        complete,
        text: complete
          ? t('yourData.saved', { file: result.fileName })
          : t('yourData.savedWithoutPhotos', { file: result.fileName, toys: result.missingPhotos.map((name) => `"${name}"`).join(', ') }),
      });
    } catch (caught) {
      setError(readable(caught));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  }

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length === 0) return;
    setBusy('read');
    setError(null);
    setPrepared(null);
    setSkipRows(false);
    try {
      setPrepared(await prepareImport(db, files, { onProgress: setProgress }));
    } catch (caught) {
      setError(readable(caught));
    } finally {
      setBusy(null);
      setProgress(null);
    }
  }

  async function confirm() {
    if (!prepared) return;
    setBusy('import');
    try {
      await runImport(db, skipRows ? { ...prepared, plan: skippingProblemRows(prepared.plan) } : prepared);
      const c = prepared.plan.counts;
      const skipped = skipRows ? problemRowCount(prepared.plan) : 0;
      setPrepared(null);
      const counts = { added: t('yourData.counts.toysAdded', { count: c.toysAdded }), updated: c.toysUpdated, unchanged: c.toysUnchanged };
      onMessage(
        skipped > 0 ? t('yourData.importedSkipping', { ...counts, skipped: t('yourData.rows', { count: skipped }) }) : t('yourData.imported', counts),
        'success',
      );
    } catch (caught) {
      setError(readable(caught));
    } finally {
      setBusy(null);
    }
  }

  const allProblems = prepared?.plan.problems ?? [];
  const rowProblems = prepared ? problemRowCount(prepared.plan) : 0;
  // What still blocks: every problem, or with the rows skipped only those of the whole file.
  const problems = prepared && skipRows ? skippingProblemRows(prepared.plan).problems : allProblems;
  // The problem rows, as the file has them: rows of a CSV, toys of an export.
  const problemRows = t(prepared?.kind === 'csv' ? 'yourData.rows' : 'yourData.toys', { count: rowProblems });
  return (
    <div className="tr-data">
      <p>
        <Trans t={t} i18nKey="yourData.exportIntro" components={{ file: <code /> }} />
      </p>
      <Button variant="secondary" onClick={() => void exportData()} busy={busy === 'export'} disabled={busy !== null}>
        {t('yourData.export')}
      </Button>
      {exportNote && (
        <p className={`alert ${exportNote.complete ? 'alert--success' : 'alert--warning'}`} role="status">
          {exportNote.text}
        </p>
      )}

      <h3 className="tr-data__heading">{t('yourData.importTitle')}</h3>
      <p>{t('yourData.importIntro', { columns: CSV_COLUMNS.join(', ') })}</p>
      <input
        ref={input}
        id="your-data-file"
        className="tr-data__file"
        aria-label={t('yourData.file')}
        type="file"
        accept=".zip,.csv,application/zip,text/csv"
        multiple
        onChange={(event) => void pick(event)}
        disabled={busy !== null}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} busy={busy === 'read'} disabled={busy !== null}>
        {t('yourData.choose')}
      </Button>
      {progress && <ProgressLine progress={progress} />}
      {error && (
        <p className="alert alert--danger" role="alert">
          {error}
        </p>
      )}
      {prepared && (
        <section className="tr-data__preview" aria-labelledby="your-data-preview">
          <h4 id="your-data-preview">
            {problems.length > 0 ? t('yourData.blocked') : skipRows ? t('yourData.readyWithout', { what: problemRows }) : t('yourData.ready')}
          </h4>
          <Counts counts={prepared.plan.counts} />
          {prepared.plan.settingsChanges.length > 0 && (
            <>
              <p>{t('yourData.settingsChange')}</p>
              <ul className="tr-data__counts" aria-label={t('yourData.settingsList')}>
                {prepared.plan.settingsChanges.map(importText).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          {prepared.plan.warnings.map(importText).map((warning) => (
            <p key={warning} className="alert alert--warning">
              {warning}
            </p>
          ))}
          {allProblems.length > 0 && (
            <>
              <p>{skipRows ? t('yourData.leftOut') : t('yourData.fixFirst')}</p>
              <ul className="tr-data__problems" aria-label={t('yourData.problems')}>
                {allProblems.map((problem, index) => (
                  <li key={`${problem.where}-${index}`}>
                    <strong>{problem.row !== null && prepared.kind === 'csv' ? t('yourData.row', { row: problem.row }) : importText(problem.place)}:</strong>{' '}
                    {importText(problem.because)}
                  </li>
                ))}
              </ul>
            </>
          )}
          {rowProblems > 0 && (
            <Checkbox
              label={t('yourData.skip', { what: problemRows })}
              checked={skipRows}
              onChange={(event) => setSkipRows(event.target.checked)}
            />
          )}
          <div className="tr-data__actions">
            <Button onClick={() => void confirm()} busy={busy === 'import'} disabled={problems.length > 0 || busy !== null}>
              {t('yourData.import')}
            </Button>
            <Button variant="ghost" onClick={() => setPrepared(null)} disabled={busy === 'import'}>
              {t('actions.cancel')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
