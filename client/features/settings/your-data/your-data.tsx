import { useRef, useState, type ChangeEvent } from 'react';
import { CSV_COLUMNS } from '../../../../shared/export/csv.js';
import { ImportFileError } from '../../../../shared/export/format.js';
import type { ImportCounts } from '../../../../shared/export/import-plan.js';
import { Button } from '../../../components/button.js';
import type { ToyDatabase } from '../../../db/database.js';
import { OpError } from '../../../db/ops/index.js';
import type { ShowMessage } from '../../../hooks/use-timed-message.js';
import { buildExport, prepareImport, runImport, type PreparedImport, type Progress } from './your-data-files.js';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function readable(error: unknown): string {
  if (error instanceof ImportFileError || error instanceof OpError) return error.message;
  console.error(error);
  return 'Something went wrong while reading the file. Nothing was imported.';
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
  const lines = [
    `${plural(counts.toysAdded, 'toy')} added`,
    counts.toysUpdated > 0 && `${plural(counts.toysUpdated, 'toy')} updated`,
    counts.toysAlreadyThere > 0 && `${plural(counts.toysAlreadyThere, 'toy')} already here (skipped)`,
    `${plural(counts.categoriesAdded, 'category', 'categories')} added${counts.categoriesMerged ? `, ${counts.categoriesMerged} merged with yours` : ''}`,
    `${plural(counts.collectionsAdded, 'collection')} added${counts.collectionsMerged ? `, ${counts.collectionsMerged} merged with yours` : ''}`,
    counts.rotationsAdded > 0 && `${plural(counts.rotationsAdded, 'rotation')} of history`,
    counts.childrenAdded + counts.childrenMerged > 0 &&
      `${plural(counts.childrenAdded, 'child', 'children')} added${counts.childrenMerged ? `, ${counts.childrenMerged} merged with yours` : ''}`,
    counts.photos > 0 && plural(counts.photos, 'photo'),
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
  const [progress, setProgress] = useState<Progress | null>(null);
  const [exportNote, setExportNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [prepared, setPrepared] = useState<PreparedImport | null>(null);
  const [busy, setBusy] = useState<'export' | 'read' | 'import' | null>(null);
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
      setExportNote(
        result.missingPhotos.length > 0
          ? `Saved ${result.fileName}, without the photos of ${result.missingPhotos.map((t) => `"${t}"`).join(', ')}: they are not on this device and you are offline. Export again when online to include them.`
          : `Saved ${result.fileName}.`,
      );
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
      await runImport(db, prepared);
      const c = prepared.plan.counts;
      setPrepared(null);
      onMessage(`Imported: ${plural(c.toysAdded, 'toy')} added, ${c.toysUpdated} updated.`, 'success');
    } catch (caught) {
      setError(readable(caught));
    } finally {
      setBusy(null);
    }
  }

  const problems = prepared?.plan.problems ?? [];
  return (
    <div className="tr-data">
      <p>
        Download everything you keep here (toys, photos, categories, collections, children, settings and rotation history) as one zip
        file. It holds <code>toys.csv</code> for spreadsheets too. It is made on this device, so it works offline.
      </p>
      <Button variant="secondary" onClick={() => void exportData()} busy={busy === 'export'} disabled={busy !== null}>
        Export my data
      </Button>
      {exportNote && (
        <p className={`alert ${exportNote.includes('without') ? 'alert--warning' : 'alert--success'}`} role="status">
          {exportNote}
        </p>
      )}

      <h3 className="tr-data__heading">Import</h3>
      <p>
        Bring toys in from a zip made by export, or from a spreadsheet saved as CSV (UTF-8) with the columns{' '}
        {CSV_COLUMNS.join(', ')}. To import photos with a CSV, pick the CSV and a zip of the photos together. You see what
        will change before anything is imported.
      </p>
      <input
        ref={input}
        id="your-data-file"
        className="tr-data__file"
        aria-label="File to import"
        type="file"
        accept=".zip,.csv,application/zip,text/csv"
        multiple
        onChange={(event) => void pick(event)}
        disabled={busy !== null}
      />
      <Button variant="secondary" onClick={() => input.current?.click()} busy={busy === 'read'} disabled={busy !== null}>
        Choose a file to import
      </Button>
      {progress && <ProgressLine progress={progress} />}
      {error && (
        <p className="alert alert--danger" role="alert">
          {error}
        </p>
      )}
      {prepared && (
        <section className="tr-data__preview" aria-labelledby="your-data-preview">
          <h4 id="your-data-preview">{problems.length > 0 ? 'This file cannot be imported yet' : 'Ready to import'}</h4>
          <Counts counts={prepared.plan.counts} />
          {prepared.plan.settingsChanges.length > 0 && (
            <>
              <p>Settings and children that change:</p>
              <ul className="tr-data__counts" aria-label="Settings that change">
                {prepared.plan.settingsChanges.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          )}
          {prepared.plan.warnings.map((warning) => (
            <p key={warning} className="alert alert--warning">
              {warning}
            </p>
          ))}
          {problems.length > 0 && (
            <>
              <p>Nothing will be imported until these are fixed:</p>
              <ul className="tr-data__problems" aria-label="Problems">
                {problems.map((problem, index) => (
                  <li key={`${problem.where}-${index}`}>
                    <strong>{problem.row !== null && prepared.kind === 'csv' ? `Row ${problem.row}` : problem.where}:</strong>{' '}
                    {problem.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="tr-data__actions">
            <Button onClick={() => void confirm()} busy={busy === 'import'} disabled={problems.length > 0 || busy !== null}>
              Import
            </Button>
            <Button variant="ghost" onClick={() => setPrepared(null)} disabled={busy === 'import'}>
              Cancel
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
